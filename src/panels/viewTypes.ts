// The webview view types, in a file of its own so the activation shim can register a panel
// serializer for each without loading anything else (no zod, no client).
export const PANEL_VIEW_TYPES = {
  createInstance: 'nhncloud.rds.createInstance',
  restore: 'nhncloud.rds.restore',
  replicate: 'nhncloud.rds.replicate',
  parameterGroup: 'nhncloud.rds.parameterGroup',
  securityGroup: 'nhncloud.rds.securityGroup',
  metrics: 'nhncloud.rds.metrics',
  queryResults: 'nhncloud.rds.queryResults',
  queryPlan: 'nhncloud.rds.queryPlan',
  tableData: 'nhncloud.rds.tableData',
  csvImport: 'nhncloud.rds.csvImport',
} as const;

export type PanelKind = keyof typeof PANEL_VIEW_TYPES;
