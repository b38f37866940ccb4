// The project-wide RDS folders, one file per family (this module keeps the import path the
// commands, panels and tests use): backups and events (./backupsEvents.ts), parameter, security,
// user and notification groups (./groups.ts) and the catalog (./catalog.ts).
export {
  backupPage,
  BackupNode,
  BackupsFolderNode,
  DEFAULT_EVENT_QUERY,
  eventRange,
  EventsFolderNode,
  type EventQuery,
} from './backupsEvents';
export {
  NotificationGroupNode,
  parameterFileLine,
  ParameterGroupNode,
  ruleLabel,
  SecurityGroupNode,
  SecurityRuleNode,
  UserGroupNode,
} from './groups';
export { catalogFolders, flavorDescription } from './catalog';
