// What the panels use of the explorer when it is there: the job tracker (jobs show in the
// status bar and the job list, survive a reload) and reveal-by-tree-id. Set once by main.ts.
import type { Region } from '../../client/endpoints';
import type { Services } from '../../shared/services';
import { rdsIds } from '../tree/ids';
import type { RdsProductId } from '../../client/products';
import type { TrackOptions } from '../../jobs/tracker';

export interface PanelHooks {
  trackJob?(opts: TrackOptions): void;
  revealNode?(treeId: string): Promise<boolean>;
}

export const rdsFormHooks: PanelHooks = {};

/** Where a panel works: a region and the RDS product (RDS for MySQL when left out). */
export interface RdsWhere {
  region: Region;
  product?: RdsProductId;
}

/** Tree ids as the explorer builds them (src/rds/tree): `<profileId>/<region>/rds[/instance/<id>]`. */
export function rdsTreeId(services: Services, where: RdsWhere, dbInstanceId?: string): string | undefined {
  const profile = services.profiles.active();
  if (!profile) return undefined;
  const root = rdsIds.root(profile.id, where.region, where.product);
  return dbInstanceId ? rdsIds.instance(root, dbInstanceId) : root;
}

/** Hands a job to the explorer's tracker (when present) so it is listed and its nodes refresh. */
export function registerJob(
  services: Services,
  where: RdsWhere,
  jobId: string,
  title: string,
  dbInstanceId?: string,
): void {
  const root = rdsTreeId(services, where);
  rdsFormHooks.trackJob?.({
    jobId,
    region: where.region,
    product: where.product,
    title,
    nodeId: dbInstanceId ? rdsTreeId(services, where, dbInstanceId) : undefined,
    refreshIds: root ? [root] : [],
  });
}
