// A file written under a temporary name (a download, an export) and renamed when complete; on a
// failure it is removed, and this is the one place that removes it.
import type { WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';

/**
 * Stops `stream`, waits until its file is closed, then removes `path` (the file it wrote).
 *
 * The wait is what matters: a write stream opens its file on libuv's thread pool, and
 * `pipeline()` rejects with the first error of any stream without waiting for the last one to
 * open or close (measured on Node 20: "rejected, open, close" when the source fails at once). A
 * removal that ran before that open found nothing, and the open then created the file for good
 * (CI run 65: `.get me.txt.<hex>.download` left by a download whose answer was cut).
 */
export async function discardPartialFile(stream: WriteStream, path: string): Promise<void> {
  if (!stream.closed) {
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
    stream.destroy();
    await closed;
  }
  await removePartialFile(path);
}

/**
 * Removes a partial file whose writer is closed. A removal that fails is not reported: the
 * failure that stopped the writing is the one to show, and the file keeps its telling name.
 */
export async function removePartialFile(path: string): Promise<void> {
  await rm(path, { force: true }).catch(() => undefined);
}
