// Export of RDS log files (and backups) to object storage, as the RDS commands call it:
//
//   await runObjectStorageExport(deps, { region, title, defaultPath: defaultLogPath(name),
//     names: logFileNames, nodeId, start: (target) => rds.exportLogFiles({ dbInstanceId, body: { logFileNames, ...target } }) });
//
// It asks for a bucket of the region (listed, or typed) and a path, fills the rest of the
// ObjectStorageTarget from the profile (object-storage tenant, user name and the API password
// read from SecretStorage at call time: never shown, never logged), starts the export, hands
// the job to the tracker, and when the job ends offers "Open" (the exported object in a
// read-only editor) and "Download".
import * as vscode from 'vscode';
import { defaultSaveUri, offerOpenOrReveal } from '../shared/localFiles';
import type { Region } from '../client/endpoints';
import { bucketNameProblems } from '../client/storage/names';
import { bucketNameProblemText } from '../shared/ruleText';
import { download } from '../client/storage/download';
import type { JobRecord } from '../jobs/schedule';
import type { Services } from '../shared/services';
import { action, ask, askAction, pick } from '../shared/prompts';
import { READONLY_SCHEME, asPrefix, baseName, exportedKey, keyProblem, objectPath } from '../storage/keys';

export { defaultLogPath } from '../storage/keys';
import type { StorageDeps } from '../storage/tree/nodes';
import { storageIds } from '../storage/tree/ids';
import { walkthroughStepDone, type WalkthroughStep } from '../shared/walkthrough';
import { plural } from '../shared/l10n';

export interface ObjectStorageTarget {
  tenantId: string;
  username: string;
  password: string;
  targetContainer: string;
  objectPath: string;
}

/** Tenant, user and API password from the profile; bucket and path asked. */
export async function chooseExportTarget(
  services: Services,
  opts: {
    region: Region;
    title: string;
    defaultPath: string;
    validateBucket?: (t: string) => string | undefined;
    validatePath?: (t: string) => string | undefined;
  },
): Promise<ObjectStorageTarget> {
  const profile = services.profiles.active();
  if (!profile) throw new Error(vscode.l10n.t('No active profile.'));
  const s = await services.profiles.secrets(profile.id);
  const tenantId = s.storageTenantId ?? s.identityTenantId;
  if (!tenantId || !s.identityUsername || !s.identityApiPassword) {
    throw new Error(
      vscode.l10n.t(
        'Profile "{0}" lacks the object-storage tenant ID, user name or API password: add them with "NHN Cloud: Edit Profile", then export again.',
        profile.name,
      ),
    );
  }
  // Buckets of the region when the profile has S3 keys; typing a name always works.
  const buckets = await services.clients
    .s3(opts.region)
    .then((c) => c.listBuckets())
    .then((r) => r.buckets.map((b) => b.name))
    .catch(() => [] as string[]);
  // An item without a bucket is "type a name".
  const typeName = { label: vscode.l10n.t('$(edit) Type a bucket name...'), bucket: undefined as string | undefined };
  const chosen = buckets.length
    ? await pick([...buckets.map((b) => ({ label: b, bucket: b as string | undefined })), typeName], {
        title: opts.title,
        placeHolder: vscode.l10n.t('Bucket (container) in {0} to export to', opts.region),
      })
    : typeName;
  const bucket =
    chosen.bucket ??
    (
      await ask({
        title: opts.title,
        prompt: vscode.l10n.t('Bucket (container) in {0}; it is created when missing', opts.region),
        placeHolder: 'rds-exports',
        validateInput: (t) => bucketNameProblems(t.trim()).map(bucketNameProblemText)[0] ?? opts.validateBucket?.(t.trim()),
      })
    ).trim();
  const path = await ask({
    title: opts.title,
    prompt: vscode.l10n.t('Path inside {0}', bucket),
    value: opts.defaultPath,
    validateInput: (t) =>
      t.trim() ? (keyProblem(asPrefix(t.trim())) ?? opts.validatePath?.(t)) : vscode.l10n.t('Enter a path.'),
  });
  return {
    tenantId,
    username: s.identityUsername,
    password: s.identityApiPassword,
    targetContainer: bucket,
    objectPath: asPrefix(path.trim()),
  };
}

export interface ExportRun {
  region: Region;
  /** The prompts' title ("Export the certificates of db1"). */
  title: string;
  /** The job's title, with where it writes: a whole sentence ("Export the certificates of db1 to certs/db1/"). */
  jobTitle(where: string): string;
  defaultPath: string;
  /** Names of the objects the export writes under the path (log files); undefined: whatever appears there (backups). */
  names?: string[];
  /** Tree node the job changes (shown busy). */
  nodeId?: string;
  /** Extra checks of the operation (the RDS limits of the container and path). */
  validateBucket?: (t: string) => string | undefined;
  validatePath?: (t: string) => string | undefined;
  /** Calls the export operation with the target; answers `{ jobId }`. */
  start(target: ObjectStorageTarget): Promise<unknown>;
  /** The walkthrough step an export that succeeded completes (log exports). */
  walkthroughStep?: WalkthroughStep;
}

/** The whole flow: target, start, job tracked, then Open / Download of what was exported. */
export async function runObjectStorageExport(deps: StorageDeps, run: ExportRun): Promise<void> {
  const target = await chooseExportTarget(deps.services, run);
  const res = (await run.start(target)) as { jobId?: string } | undefined;
  const where = `${target.targetContainer}/${target.objectPath}`;
  const bucketId = storageIds.bucket(
    storageIds.root(deps.services.profiles.active()?.id ?? '', run.region),
    target.targetContainer,
  );
  if (!res?.jobId) {
    void offerExported(deps, run, target);
    return;
  }
  deps.jobs.track({
    jobId: res.jobId,
    region: run.region,
    title: run.jobTitle(where),
    nodeId: run.nodeId,
    refreshIds: [bucketId],
  });
  const sub = deps.jobs.onDidChange((rec: JobRecord) => {
    if (rec.jobId !== res.jobId || rec.state === 'running') return;
    sub.dispose();
    if (rec.state === 'succeeded') void offerExported(deps, run, target);
  });
}

async function offerExported(deps: StorageDeps, run: ExportRun, target: ObjectStorageTarget): Promise<void> {
  if (run.walkthroughStep) walkthroughStepDone(run.walkthroughStep);
  const profile = deps.services.profiles.active();
  if (!profile) return;
  const s3 = await deps.services.clients.s3(run.region).catch(() => undefined);
  let keys = (run.names ?? []).map((n) => exportedKey(target.objectPath, n));
  if (!keys.length && s3) {
    const page = await s3
      .listObjectsPage({ bucket: target.targetContainer, prefix: target.objectPath, maxKeys: 100 })
      .catch(() => undefined);
    keys = page?.contents.map((c) => c.key) ?? [];
  }
  const message = keys.length
    ? plural(
        keys.length,
        vscode.l10n.t('Exported {0} object to {1}/{2}.', keys.length, target.targetContainer, target.objectPath),
        vscode.l10n.t('Exported {0} objects to {1}/{2}.', keys.length, target.targetContainer, target.objectPath),
      )
    : vscode.l10n.t('Exported the objects to {0}/{1}.', target.targetContainer, target.objectPath);
  const choice = await askAction(
    'info',
    message,
    {},
    action('open', vscode.l10n.t('Open')),
    action('download', vscode.l10n.t('Download')),
  );
  if (!choice || !keys.length) return;
  const title =
    choice === 'open' ? vscode.l10n.t('Open which exported object?') : vscode.l10n.t('Download which exported object?');
  const key =
    keys.length === 1
      ? keys[0]
      : (
          await pick(
            keys.map((k) => ({ label: baseName(k), description: k, k })),
            { title },
          )
        ).k;
  const uri = vscode.Uri.from({
    scheme: READONLY_SCHEME,
    authority: profile.id,
    path: objectPath({ region: run.region, bucket: target.targetContainer, key }),
  });
  if (choice === 'open') {
    await vscode.window.showTextDocument(uri, { preview: false });
    return;
  }
  if (!s3) return;
  const dest = await vscode.window.showSaveDialog({
    defaultUri: defaultSaveUri(baseName(key)),
    title: vscode.l10n.t('Download {0}', key),
    saveLabel: vscode.l10n.t('Download'),
  });
  if (!dest) return;
  await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Downloading {0}', baseName(key)),
      cancellable: true,
    },
    async (_p, token) => {
      const ac = new AbortController();
      token.onCancellationRequested(() => ac.abort());
      await download(s3, { bucket: target.targetContainer, key, file: dest.fsPath, signal: ac.signal });
    },
  );
  void offerOpenOrReveal(vscode.l10n.t('Saved {0}.', dest.fsPath), dest, true);
}
