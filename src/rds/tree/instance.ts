// DB instances in the tree, one file per node family (this module keeps the import path every
// command, panel and test uses): the folder and instance groups (./instancesFolder.ts), the
// instance node (./instanceNode.ts) and what an instance expands into (./instanceParts.ts).
import { rdsIds } from './ids';

export const instanceNodeId = rdsIds.instance;
export { InstanceGroupNode, InstancesFolderNode } from './instancesFolder';
export { fetchInstance, InstanceNode } from './instanceNode';
export { DbSchemaNode, DbUserNode, InstanceBackupsNode, latestValue, ParameterGroupRefNode } from './instanceParts';
