// The identity + network entry of the sandbox's registration list (src/sandbox/index.ts):
// registers both services on the shared server, with the shared identity state (the storage
// sandbox looks EC2 secrets up in it), and two control routes for tests in other processes:
//   POST /_sandbox/identity/expire-tokens   every issued token answers 401 from now on
//   POST /_sandbox/network/settle           every BUILD routing table / multicast domain turns ACTIVE
import type { SandboxModule } from '../index';
import { createIdentityService, identityState, SANDBOX_EC2, SANDBOX_IDENTITY } from '../identity/index';
import { createNetworkService, SEED } from './index';

export const identityNetworkModule: SandboxModule = {
  name: 'network',
  start: ({ server, options }) => {
    server.register(createIdentityService({ state: identityState }));
    // New tables and domains stay BUILD for two job steps, so the UI shows the transition.
    const network = createNetworkService({ identity: identityState, buildDelayMs: options.timeScale * 2 });
    server.register(network);
    server.addControl('identity/expire-tokens', () => {
      identityState.expireAll();
      return { ok: true };
    });
    server.addControl('network/settle', () => {
      network.settle();
      return { ok: true };
    });
    return {
      api: { identity: identityState, network, seed: SEED },
      credentials: { ...SANDBOX_IDENTITY, ec2: SANDBOX_EC2 },
      secrets: {
        identityTenantId: SANDBOX_IDENTITY.tenantId,
        identityUsername: SANDBOX_IDENTITY.username,
        identityApiPassword: SANDBOX_IDENTITY.password,
        storageTenantId: SANDBOX_IDENTITY.storageTenantId,
      },
    };
  },
};
