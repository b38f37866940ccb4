// The identity + network entry of the sandbox's registration list (src/sandbox/index.ts):
// registers both services on the shared server, with the shared identity state (the storage
// sandbox looks EC2 secrets up in it), and two control routes for tests in other processes:
//   POST /_sandbox/identity/expire-tokens   every issued token answers 401 from now on
//   POST /_sandbox/network/settle           every BUILD routing table / multicast domain turns ACTIVE
// With a data folder, the network's regions (`network.json`) and identity's EC2 credentials
// (`identity.json`) are read back over the seed and written after every change (../stateFile.ts).
import { join } from 'node:path';
import type { SandboxModule } from '../index';
import { createIdentityService, identityState, SANDBOX_EC2, SANDBOX_IDENTITY } from '../identity/index';
import { readStateFile, StateSaver } from '../stateFile';
import { createNetworkService, SEED } from './index';
import type { RegionJson } from './state';

/** The format of `network.json` and `identity.json`; another one is set aside and the seed used. */
export const NETWORK_STATE_VERSION = 1;

export const identityNetworkModule: SandboxModule = {
  name: 'network',
  start: ({ server, options }) => {
    server.register(createIdentityService({ state: identityState }));
    // New tables and domains stay BUILD for two job steps, so the UI shows the transition.
    const network = createNetworkService({ identity: identityState, buildDelayMs: options.timeScale * 2 });
    server.register(network);
    const savers: StateSaver[] = [];
    if (options.dataDir) {
      const networkFile = join(options.dataDir, 'network.json');
      readStateFile(networkFile, NETWORK_STATE_VERSION, options.log, (data) =>
        network.restore(data.regions as Record<string, RegionJson>),
      );
      const networkSaver = new StateSaver(
        networkFile,
        NETWORK_STATE_VERSION,
        () => ({ regions: network.snapshot() }),
        options.log,
      );
      network.changed = networkSaver.changed;
      const identityFile = join(options.dataDir, 'identity.json');
      readStateFile(identityFile, NETWORK_STATE_VERSION, options.log, (data) => identityState.restore(data));
      const identitySaver = new StateSaver(
        identityFile,
        NETWORK_STATE_VERSION,
        () => identityState.snapshot(),
        options.log,
      );
      identityState.changed = identitySaver.changed;
      savers.push(networkSaver, identitySaver);
    }
    server.addControl('identity/expire-tokens', () => {
      identityState.expireAll();
      return { ok: true };
    });
    server.addControl('network/settle', () => {
      network.settle();
      network.changed();
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
      flush: () => {
        for (const s of savers) s.flush();
      },
      close: () => {
        // The identity state is the process's (shared by every sandbox in it): this one's saver leaves.
        if (savers.length && identityState.changed === savers[1].changed) identityState.changed = () => {};
      },
    };
  },
};
