// What the panels use of the explorer when it is there: the job tracker (jobs show in the
// status bar and the job list, survive a reload) and reveal-by-tree-id. Set once by main.ts.
import type { Region } from '../../client/endpoints';
import type { Services } from '../../shared/services';
import { rdsIds } from '../tree/ids';

export interface PanelHooks {
  trackJob?(opts: { jobId: string; region: Region; title: string; nodeId?: string; refreshIds?: string[] }): void;
  revealNode?(treeId: string): Promise<boolean>;
}

export const rdsFormHooks: PanelHooks = {};

/** Tree ids as the explorer builds them (src/rds/tree): `<profileId>/<region>/rds[/instance/<id>]`. */
export function rdsTreeId(services: Services, region: Region, dbInstanceId?: string): string | undefined {
  const profile = services.profiles.active();
  if (!profile) return undefined;
  const root = rdsIds.root(profile.id, region);
  return dbInstanceId ? rdsIds.instance(root, dbInstanceId) : root;
}

/** Hands a job to the explorer's tracker (when present) so it is listed and its nodes refresh. */
export function registerJob(
  services: Services,
  region: Region,
  jobId: string,
  title: string,
  dbInstanceId?: string,
): void {
  const root = rdsTreeId(services, region);
  rdsFormHooks.trackJob?.({
    jobId,
    region,
    title,
    nodeId: dbInstanceId ? rdsTreeId(services, region, dbInstanceId) : undefined,
    refreshIds: root ? [root] : [],
  });
}
