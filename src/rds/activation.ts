// The RDS for MySQL feature: "RDS for MySQL" under every region where the service runs for
// the profile's cloud (the gov cloud has KR1 only) and the handlers of every nhncloud.rds.*
// command except the form commands (create / restore / replicate / parameter and security-group
// editing / metrics), which are the RDS forms feature of ./forms/commands.ts.
import type { CommandHandler, Feature, Profile } from '../shared/services';
import { serviceRunsIn } from '../shared/tree/serviceRoot';
import type { Region } from '../client/endpoints';
import { profileProducts, RDS_PRODUCTS } from '../client/products';
import { TreeNode } from '../shared/tree/nodes';
import type { RdsDeps } from './tree/base';
import { RdsServiceNode } from './tree/root';
import { backupCommands } from './commands/backups';
import { copyOpenCommands } from './commands/copyOpen';
import { dbUserCommands } from './commands/dbUsers';
import { deleteInstanceCommands } from './commands/deleteInstance';
import { eventCommands } from './commands/events';
import { groupCommands } from './commands/groups';
import { highAvailabilityCommands } from './commands/highAvailability';
import { instanceSettingsCommands } from './commands/instanceSettings';
import { lifecycleCommands } from './commands/lifecycle';
import { instanceActionCommands } from './commands/instanceActions';
import { logCommands } from './commands/logs';
import { maintenanceCommands } from './commands/maintenance';
import { subscriptionCommands } from './commands/subscriptions';
import { modifyInstanceCommands } from './commands/modifyInstance';
import { parameterGroupCommands } from './commands/parameterGroups';
import { restartCommands } from './commands/restart';
import { securityGroupCommands } from './commands/securityGroups';
import { connectionFeature } from './connection/commands';
import { rdsConsoleNodes } from './connection/connectChoices';
import { createQueryConsoleFeature } from '../database/connection/console';
import { DbSessionManager } from '../database/connection/sessions';

export function createRdsFeature(deps: RdsDeps): Feature & { sessions: DbSessionManager } {
  // The database sessions of this window (Connect...): ended when the extension deactivates.
  const sessions = new DbSessionManager();
  const connection = connectionFeature({ ...deps, sessions });
  const queryConsole = createQueryConsoleFeature(deps.services, sessions, rdsConsoleNodes);
  const logs = logCommands(deps);
  const commands: Record<string, CommandHandler> = {
    'nhncloud.rds.refresh': (node?: unknown) => {
      if (node instanceof TreeNode) deps.explorer.refreshId(node.id);
      else deps.services.refresh(undefined);
    },
    ...copyOpenCommands(deps),
    ...instanceActionCommands(deps),
    ...lifecycleCommands(deps),
    ...restartCommands(deps),
    ...deleteInstanceCommands(deps),
    ...modifyInstanceCommands(deps),
    ...instanceSettingsCommands(deps),
    ...highAvailabilityCommands(deps),
    ...maintenanceCommands(deps),
    ...backupCommands(deps),
    ...dbUserCommands(deps),
    ...parameterGroupCommands(deps),
    ...securityGroupCommands(deps),
    ...groupCommands(deps),
    ...eventCommands(deps),
    ...logs.commands,
    ...subscriptionCommands(deps),
    ...connection.commands,
    ...queryConsole.commands,
  };
  return {
    commands,
    sessions,
    fileSystems: queryConsole.fileSystems,
    dispose: async () => {
      await queryConsole.dispose?.();
      for (const d of logs.disposables) d.dispose();
      await connection.dispose();
      sessions.dispose();
    },
    // One root per RDS product the site runs in the region: RDS for MySQL always (its folders say
    // what the profile lacks), another product where the profile holds its app key.
    regionChildren: (profile: Profile, region: Region) =>
      profileProducts(profile)
        .filter((id) => serviceRunsIn(deps.services, profile, region, RDS_PRODUCTS[id].service))
        .map((id) => new RdsServiceNode(profile, region, deps, sessions, id)),
  };
}
