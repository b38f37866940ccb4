// What the Create, Restore and Replicate panels share on the extension side: the catalog of
// choices, the parameter groups of a version, and watching the job until the new instance is
// AVAILABLE (pushing `job` events to the webview as it goes), then revealing it.
import * as vscode from 'vscode';
import type { RdsClient } from '../client/rds/client';
import { SITES, serviceRegions, type Region, type SiteId } from '../client/sites';
import type { Services } from '../shared/services';
import { rdsFormHooks, rdsTreeId } from '../rds/forms/hooks';
import { trackInstanceJob, type JobEvent } from './instanceJob';
import type { PanelTarget } from './protocol';
import { clientCheckedQuery } from './clientChecked';
import { newestFirst } from './model/versions';
import { engineFamilyOf } from '../client/rds/engines';

/**
 * The choices of the Create, Restore and Replicate forms, engine versions newest first.
 * `backupRegions`: where backups may be replicated, the other regions where RDS runs on the
 * profile's site; `availabilityZones`: the zones the service lists as available in the region
 * (availabilityZones below); `rdsApiVersion`: the profile's, whose table has the request's fields
 * and checks.
 */
export async function loadCatalog(rds: RdsClient, where: { cloud: SiteId; region: Region }) {
  const [versions, flavors, subnets, storageTypes, securityGroups, userGroups, zones] = await Promise.all([
    rds.listDbVersions(),
    rds.listDbFlavors(),
    rds.listSubnets(),
    rds.listStorageTypes(),
    rds.listDbSecurityGroups(),
    rds.listUserGroups(),
    availabilityZones(rds, where),
  ]);
  return {
    dbVersions: newestFirst(versions.dbVersions),
    flavors: [...flavors.dbFlavors].sort((a, b) => (a.vcpus ?? 0) - (b.vcpus ?? 0) || (a.ram ?? 0) - (b.ram ?? 0)),
    subnets: subnets.subnets,
    storageTypes: storageTypes.storageTypes,
    securityGroups: securityGroups.dbSecurityGroups,
    userGroups: userGroups.userGroups,
    backupRegions: serviceRegions(where.cloud, 'rds').filter((r) => r !== where.region),
    // None: the form takes free text.
    availabilityZones: zones,
    // The form shows, sends and checks what the profile's RDS API version takes.
    rdsApiVersion: rds.apiVersion,
  };
}

/**
 * The zones a new instance may be placed in: the available ones the service lists (RDS API v4.0's
 * List Availability Zones, issue 61), else the ones the site's guides name for the region
 * (sites.ts): where the profile's version lacks the call (v3.0), the call fails, or the service
 * lists none available.
 */
export async function availabilityZones(rds: RdsClient, where: { cloud: SiteId; region: Region }): Promise<string[]> {
  const fallback = () => [...(SITES[where.cloud].availabilityZones?.[where.region] ?? [])];
  if (!rds.has('listAvailabilityZones')) return fallback();
  try {
    const listed = (await rds.listAvailabilityZones()).availabilityZones ?? [];
    const available = listed.filter((z) => z.zoneState?.available !== false).map((z) => z.availabilityZoneName);
    return available.length ? available : fallback();
  } catch {
    return fallback();
  }
}

export async function parameterGroupsOf(rds: RdsClient, dbVersion: string) {
  const { parameterGroups } = await rds.listParameterGroups({
    query: clientCheckedQuery('listParameterGroups', { dbVersion }),
  });
  // A family group (December 2026) serves every minor version of its family; others name their engine.
  return parameterGroups.filter((g) =>
    g.dbEngineVersionFamily
      ? g.dbEngineVersionFamily === engineFamilyOf(dbVersion)
      : !g.dbVersion || g.dbVersion === dbVersion,
  );
}

/**
 * Selects the instance in the explorer (or at least shows the explorer). The reveal reloads the
 * instance's folder when the instance is not in it yet; a whole-tree refresh here would make
 * VS Code redraw every open folder while it resolves the reveal.
 */
export async function revealInstance(services: Services, target: PanelTarget, dbInstanceId: string): Promise<void> {
  const root = rdsTreeId(services, target);
  const id = rdsTreeId(services, target, dbInstanceId);
  // Logged: a reveal that shows nothing must be told apart from a click that never arrived.
  services.log.info(`Reveal in Explorer: DB instance ${dbInstanceId} in ${target.region}`);
  const revealed =
    !!root &&
    !!id &&
    !!rdsFormHooks.revealNode &&
    (await rdsFormHooks.revealNode(id).catch((e: unknown) => {
      services.log.warn(`Reveal in Explorer of ${dbInstanceId} failed: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }));
  if (revealed) return;
  services.log.info(`Reveal in Explorer: ${dbInstanceId} is not in the tree yet; the explorer is focused instead`);
  await vscode.commands.executeCommand('nhncloud.explorer.focus');
  void vscode.window.showInformationMessage(
    vscode.l10n.t('The new instance is in the explorer under RDS for MySQL (refresh it if it does not show yet).'),
  );
}

/** The source instance with its storage, backup and network settings (restore and replicate prefill). */
export async function loadSource(rds: RdsClient, dbInstanceId: string) {
  const [instance, storage, backup, network] = await Promise.all([
    rds.getDbInstance({ dbInstanceId }),
    rds.getStorageInfo({ dbInstanceId }),
    rds.getBackupInfo({ dbInstanceId }),
    rds.getNetworkInfo({ dbInstanceId }),
  ]);
  return { instance, storage, backup, network };
}

/** A backup by id: the list endpoint is the only way to read one (paged, at most 100 a page). */
export async function findBackup(rds: RdsClient, backupId: string) {
  for (let page = 1; page <= 50; page++) {
    const r = await rds.listBackups({ query: { page, size: 100 } });
    const hit = r.backups.find((b) => b.backupId === backupId);
    if (hit) return hit;
    if (r.backups.length < 100) break;
  }
  return undefined;
}

/** One tracking per job per panel: the webview asks again after a reload and gets the same one. */
export function instanceJobs(
  rds: () => Promise<RdsClient>,
  emit: (e: JobEvent) => void,
  signal: AbortSignal,
  done: () => void,
) {
  const tracked = new Map<string, Promise<JobEvent>>();
  return async (jobId: string): Promise<JobEvent> => {
    let p = tracked.get(jobId);
    if (!p) {
      p = rds()
        .then((client) => trackInstanceJob(client, jobId, emit, signal))
        .finally(done);
      tracked.set(jobId, p);
    }
    return p;
  };
}
