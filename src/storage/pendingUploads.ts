// Resumable uploads (issue 30, item 2): every multipart upload of a file is written down in a
// file of the extension's global storage (pendingUploads.json) when it begins (profile, region, bucket, key, upload id, part size,
// the file's path, size and modification time, parts done) and struck out when it ends or is
// cancelled. One cut off by a window reload, a crash or a lost network stays written down, with
// its parts on the server: the next time the storage feature starts it says so, and Resume goes
// on with it (the client asks the server which parts it holds and sends only the others), after
// checking the file is unchanged; Discard aborts it on the server.
//
// A file, written before the first part is sent, not globalState (issue 63): in code-server the
// window's global state is kept by the browser and written back later, so a reload 1.7 s into an
// upload lost the record while the server held the multipart upload. The write is awaited by the
// client (onMultipart) before any part goes out, so what the server holds is always written down.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import type { S3Client } from '../client/storage/client';
import type { UploadInput } from '../client/storage/transfer';
import { plural } from '../shared/l10n';
import { action, askAction } from '../shared/prompts';

const KEY = 'nhncloud.storage.pendingUploads';

export interface PendingUpload {
  profileId: string;
  region: string;
  bucket: string;
  key: string;
  uploadId: string;
  partSize: number;
  parts: number;
  partsDone: number;
  file: string;
  size: number;
  mtimeMs: number;
  startedAt: string;
}

/** What an upload needs to be written down and, later, resumed. */
export interface UploadJournal {
  /** Options given to the client's upload(): keep the upload on failure, note its id and parts. */
  options: Pick<UploadInput, 'keepOnFailure' | 'onMultipart' | 'onPartsDone' | 'resume' | 'partSize'>;
  /** The upload ended (done, cancelled, or a failure that aborted it): struck out. */
  ended(): Promise<void>;
}

export class PendingUploads {
  /**
   * `file`: where the list is kept (the extension's global storage); the list in `memento` (where
   * earlier versions kept it) is moved there. Without `file`, the memento keeps it (tests).
   */
  constructor(
    private readonly memento: vscode.Memento,
    private readonly file?: string,
  ) {
    const legacy = file ? memento.get<PendingUpload[]>(KEY, []) : [];
    if (legacy.length) {
      const known = new Set(this.list().map((p) => p.uploadId));
      this.writeFile([...this.list(), ...legacy.filter((p) => !known.has(p.uploadId))]);
      void memento.update(KEY, undefined);
    }
  }

  list(): PendingUpload[] {
    if (!this.file) return this.memento.get<PendingUpload[]>(KEY, []);
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return Array.isArray(parsed) ? (parsed as PendingUpload[]) : [];
    } catch {
      // No file yet (nothing was cut off), or one cut off mid-write by a crash: nothing to offer.
      return [];
    }
  }

  /** Replaced whole (a new file renamed over the old), so a crash mid-write leaves the old list. */
  private writeFile(list: PendingUpload[]): void {
    mkdirSync(dirname(this.file!), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(list));
    renameSync(tmp, this.file!);
  }

  private async write(list: PendingUpload[]): Promise<void> {
    if (this.file) this.writeFile(list);
    else await this.memento.update(KEY, list.length ? list : undefined);
  }

  async remove(uploadId: string): Promise<void> {
    await this.write(this.list().filter((p) => p.uploadId !== uploadId));
  }

  /**
   * A journal for a file about to be uploaded to `bucket`/`key` (or, with `resume`, the upload
   * written down that goes on). Writes happen as the client reports: the upload id once it
   * exists, then parts done (each a small globalState write).
   */
  async journal(
    target: { profileId: string; region: string; bucket: string; key: string; file: string },
    resume?: PendingUpload,
  ): Promise<UploadJournal> {
    const s = await stat(target.file);
    let uploadId = resume?.uploadId;
    let writes = Promise.resolve();
    const later = (fn: () => Promise<void>) => (writes = writes.then(fn, fn));
    return {
      options: {
        keepOnFailure: true,
        ...(resume ? { resume: { uploadId: resume.uploadId }, partSize: resume.partSize } : {}),
        // Awaited by the client before the first part is sent: written down before the server
        // holds anything of it that a reload could leave behind.
        onMultipart: async (m) => {
          uploadId = m.uploadId;
          if (resume) return;
          await later(() =>
            this.write([
              ...this.list(),
              {
                ...target,
                uploadId: m.uploadId,
                partSize: m.partSize,
                parts: m.parts,
                partsDone: 0,
                size: s.size,
                mtimeMs: s.mtimeMs,
                // eslint-disable-next-line nhncloud/one-date-formatter -- stored state, formatted where shown
                startedAt: new Date().toISOString(),
              },
            ]),
          );
        },
        onPartsDone: (done) =>
          void later(() =>
            this.write(this.list().map((p) => (p.uploadId === uploadId ? { ...p, partsDone: done } : p))),
          ),
      },
      ended: async () => {
        await writes;
        if (uploadId) await this.remove(uploadId);
      },
    };
  }
}

/** Why an upload written down cannot go on: its file changed or is gone (undefined: it can). */
export async function resumeProblem(p: PendingUpload): Promise<string | undefined> {
  const s = await stat(p.file).catch(() => undefined);
  if (!s) return vscode.l10n.t('{0} is no longer there: its upload was discarded.', p.file);
  if (s.size !== p.size || Math.trunc(s.mtimeMs) !== Math.trunc(p.mtimeMs))
    return vscode.l10n.t(
      '{0} changed since its upload began: that upload was discarded. Upload the file again.',
      p.file,
    );
  return undefined;
}

/** Discards an upload written down: aborted on the server (its parts freed), struck out here. */
export async function discardUpload(store: PendingUploads, s3: S3Client | undefined, p: PendingUpload): Promise<void> {
  await s3?.abortMultipartUpload(p.bucket, p.key, p.uploadId).catch(() => undefined);
  await store.remove(p.uploadId);
}

/** Says that uploads were cut off last time, offering Resume... and Discard (the commands). */
export async function offerResume(store: PendingUploads): Promise<void> {
  const n = store.list().length;
  if (!n) return;
  const answer = await askAction(
    'info',
    plural(
      n,
      vscode.l10n.t('{0} upload was cut off before it finished; its parts are kept on the server.', n),
      vscode.l10n.t('{0} uploads were cut off before they finished; their parts are kept on the server.', n),
    ),
    {},
    action('resume', vscode.l10n.t('Resume...')),
    action('discard', vscode.l10n.t('Discard...')),
  );
  if (answer === 'resume') await vscode.commands.executeCommand('nhncloud.storage.resumeUploads');
  if (answer === 'discard') await vscode.commands.executeCommand('nhncloud.storage.discardUploads');
}
