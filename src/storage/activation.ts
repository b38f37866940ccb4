// The object-storage feature: "Object Storage" under every region where it runs for the
// profile's cloud, the object file systems (read-write and read-only; the shim registers
// proxies for both schemes at activation and forwards to these), the handlers of every
// nhncloud.storage.* command, and drag and drop in the explorer (uploads, copies and moves).
import { join } from 'node:path';
import type { Region } from '../client/endpoints';
import type { CommandHandler, Feature } from '../shared/services';
import { rootWhereServiceRuns } from '../shared/tree/serviceRoot';
import { bucketCommands } from './commands/buckets';
import { bucketSettingsCommands } from './commands/bucketSettings';
import { copyMoveCommands } from './commands/copyMove';
import { credentialCommands } from './commands/credentials';
import { storageDragAndDrop } from './commands/dragDrop';
import { findCommands } from './commands/find';
import { metadataCommands } from './commands/metadata';
import { objectCommands } from './commands/objects';
import { transferCommands } from './commands/transfers';
import { OBJECT_SCHEME, READONLY_SCHEME, parentPrefix } from './keys';
import { storageIds } from './tree/ids';
import { ObjectFileSystem } from './objectFs';
import { offerResume, PendingUploads } from './pendingUploads';
import { StorageRootNode, type StorageDeps } from './tree/nodes';
import { syncCommands } from './sync/command';
import { SyncPairs } from './sync/pairs';

export function createStorageFeature(deps: StorageDeps): Feature {
  const fs = new ObjectFileSystem(deps.services);
  const readonlyFs = new ObjectFileSystem(deps.services, true);
  const prefixFilters = new Map<string, string>();
  const storageDir = deps.services.context.globalStorageUri?.fsPath;
  const pending = new PendingUploads(
    deps.services.context.globalState,
    storageDir ? join(storageDir, 'pendingUploads.json') : undefined,
  );
  const syncPairs = new SyncPairs(deps.services.context.workspaceState, deps.services.context.globalStorageUri?.fsPath);
  // Uploads cut off last time (a reload, a crash, a lost network): said once, when the feature starts.
  offerResume(pending).catch((e: Error) => deps.services.log.error(`Resume offer: ${e.message}`));
  // A save from an editor changes the listing of its folder.
  fs.onSaved = (a) => {
    const bucket = storageIds.bucket(storageIds.root(a.profileId, a.region as Region), a.bucket);
    const folder = parentPrefix(a.key);
    deps.explorer.refreshId(folder ? storageIds.entry(bucket, folder) : bucket);
  };
  const commands: Record<string, CommandHandler> = {
    ...objectCommands(deps, fs, prefixFilters),
    ...copyMoveCommands(deps, fs),
    ...transferCommands(deps, pending),
    ...bucketCommands(deps),
    ...bucketSettingsCommands(deps, pending),
    ...credentialCommands(deps),
    ...metadataCommands(deps),
    ...findCommands(deps, fs),
    ...syncCommands(deps, syncPairs, pending),
  };
  return {
    commands,
    dispose: () => fs.dispose(),
    fileSystems: { [OBJECT_SCHEME]: fs, [READONLY_SCHEME]: readonlyFs },
    dragAndDrop: storageDragAndDrop(deps, pending),
    regionChildren: rootWhereServiceRuns(
      deps.services,
      'storage',
      (profile, region) => new StorageRootNode(profile, region, deps, prefixFilters, syncPairs),
    ),
  };
}
