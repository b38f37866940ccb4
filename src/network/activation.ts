// The network feature: "Network" under every region where the service runs for the profile's
// cloud (transit hubs only where they run: KR1) and the handlers of every nhncloud.network.*
// command.
import type { CommandHandler, Feature } from '../shared/services';
import { rootWhereServiceRuns } from '../shared/tree/serviceRoot';
import { detailCommands } from './commands/details';
import { floatingIpCommands } from './commands/floatingIps';
import { multicastCommands } from './commands/multicast';
import { routeLookupCommands } from './commands/routeLookup';
import { routingCommands } from './commands/routing';
import { sharingCommands } from './commands/sharing';
import { transitHubCommands } from './commands/transitHubs';
import { NetworkRootNode, type NetworkDeps } from './tree/root';

export function createNetworkFeature(deps: NetworkDeps): Feature {
  const commands: Record<string, CommandHandler> = {
    ...floatingIpCommands(deps),
    ...transitHubCommands(deps),
    ...routingCommands(deps),
    ...multicastCommands(deps),
    ...sharingCommands(deps),
    ...routeLookupCommands(deps),
    ...detailCommands(deps),
  };
  return {
    commands,
    regionChildren: rootWhereServiceRuns(
      deps.services,
      'network',
      (profile, region) => new NetworkRootNode(profile, region, deps),
    ),
  };
}
