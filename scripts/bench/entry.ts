// The pieces of the extension the benchmark drives outside VS Code, bundled the way they ship
// (esbuild, node20, minified) into .bench/build/lib.cjs by build.mjs.
export { S3Client } from '../../src/client/storage/client';
export { Transport } from '../../src/client/http/transport';
export { upload, partSizeFor } from '../../src/client/storage/transfer';
export { download } from '../../src/client/storage/download';
export { SandboxServer } from '../../src/sandbox/server';
export { registerStorage, StorageSandbox, SANDBOX_S3_CREDENTIAL } from '../../src/sandbox/storage/index';
export { pollSchedule, backoffDelay, jitteredDelay, FIRST_DELAY_MS, MAX_DELAY_MS } from '../../src/jobs/schedule';
export {
  folderUploadTasks,
  listPrefix,
  prefixDownloadTasks,
  runPool,
  sharedParts,
  uploadFile,
  downloadFile,
  SMALL_FILE_CONCURRENCY,
} from '../../src/storage/folderTransfer';
export { planSync, stampsAfter } from '../../src/storage/sync/plan';
export { syncItems } from '../../src/storage/sync/apply';
export { hashFile } from '../../src/storage/sync/stamps';
