// Objects as files: `nhncloud-s3://<profileId>/<region>/<bucket>/<key>` (read-write) and
// `nhncloud-s3-readonly://...` (exported logs, the remote side of a save conflict). Prefixes
// are folders (delimiter `/`); an empty folder is a zero-byte `prefix/` marker.
//
// Saving never overwrites silently: the ETag and Last-Modified seen when an editor first read the
// file are kept until its document closes, and before a save the object's current ones are read;
// when they differ (someone else wrote it) the user is asked what to do (saveConflict.ts).
// Operations on many keys (folder copy, move and delete) are in bulkObjects.ts.
import { contentTypeFor } from './contentTypes';
import { action, askAction } from '../shared/prompts';
import { Readable } from 'node:stream';
import * as vscode from 'vscode';
import type { Region } from '../client/endpoints';
import { isApiError, isAuthError } from '../client/errors';
import type { S3Client } from '../client/storage/client';
import { MULTIPART_THRESHOLD, upload } from '../client/storage/transfer';
import type { Services } from '../shared/services';
import { resolveSaveConflict, type Seen } from './saveConflict';
import {
  allKeys,
  copyPlan,
  deleteKeys,
  multipartCopyThresholdBytes,
  planFolderCopy,
  type CopyPlanItem,
} from './bulkObjects';
import {
  OBJECT_SCHEME,
  READONLY_SCHEME,
  asPrefix,
  baseName,
  formatSize,
  parseObjectPath,
  type ObjectAddress,
} from './keys';
import { walkthroughStepDone } from '../shared/walkthrough';
import { errorMessage } from '../shared/errorText';

/** `nhncloud.storage.contentTypes`: the user's Content-Type per file extension. */
export function contentTypeOverrides(): Record<string, string> {
  const v = vscode.workspace.getConfiguration('nhncloud.storage').get<unknown>('contentTypes', {});
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {};
}

export function openSizeLimitBytes(): number {
  const mb = vscode.workspace.getConfiguration('nhncloud.storage').get<number>('openSizeLimitMB', 10);
  return Math.max(0, mb) * 1024 * 1024;
}

const isNotFound = (e: unknown) => isApiError(e) && (e.status === 404 || /NoSuch(Key|Bucket)/.test(String(e.code)));

export class ObjectFileSystem implements vscode.FileSystemProvider {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  private readonly seen = new Map<string, Seen>();
  /** URIs the user already agreed to open despite their size (the open command asks first). */
  private readonly approvedLarge = new Set<string>();

  constructor(
    private readonly services: Services,
    readonly readonly = false,
  ) {
    // The baseline of a save is the version the editor loaded, kept until its document closes.
    // Other readers (the Markdown extension reads an open README.md too) must not move it: a read
    // after a change behind the extension's back would let the next save overwrite that change
    // silently, and make stat report a newer time, so VS Code's own "file is newer" error
    // would answer instead of our Compare/Overwrite question.
    if (!readonly)
      this.closeSubscription = vscode.workspace.onDidCloseTextDocument((d) => this.seen.delete(d.uri.toString()));
  }

  private readonly closeSubscription?: vscode.Disposable;

  dispose(): void {
    this.closeSubscription?.dispose();
  }

  /** The readonly twin of an object URI (the remote side of a compare, exported logs). */
  static readonlyUri(uri: vscode.Uri): vscode.Uri {
    return uri.with({ scheme: READONLY_SCHEME });
  }

  approveLarge(uri: vscode.Uri): void {
    this.approvedLarge.add(uri.with({ scheme: OBJECT_SCHEME }).toString());
  }

  /** Tell editors and the Explorer that files changed (after an upload or delete from the tree). */
  fireChanged(uris: vscode.Uri[], type = vscode.FileChangeType.Changed): void {
    if (uris.length) this.emitter.fire(uris.map((uri) => ({ type, uri })));
  }

  private address(uri: vscode.Uri): ObjectAddress {
    const a = parseObjectPath(uri.authority, uri.path);
    if (!a) throw vscode.FileSystemError.FileNotFound(uri);
    const active = this.services.profiles.active();
    if (!active || active.id !== a.profileId) {
      const name = this.services.profiles.list().find((p) => p.id === a.profileId)?.name;
      throw vscode.FileSystemError.Unavailable(
        name
          ? vscode.l10n.t(
              'This object belongs to profile "{0}": switch to it ("NHN Cloud: Switch Profile") to open it.',
              name,
            )
          : vscode.l10n.t('The profile of this object no longer exists.'),
      );
    }
    return a;
  }

  private s3(a: ObjectAddress): Promise<S3Client> {
    return this.services.clients.s3(a.region as Region);
  }

  /** Maps client errors to the FileSystemError an editor understands; messages stay readable. */
  private async guard<T>(uri: vscode.Uri, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof vscode.FileSystemError) throw e;
      if (isNotFound(e)) throw vscode.FileSystemError.FileNotFound(uri);
      // The editor shows the message: the sentence of the failure's kind, not the client's (issue 63).
      if (isAuthError(e)) throw vscode.FileSystemError.NoPermissions(errorMessage(e));
      this.services.log.warn(`${uri.toString()}: ${e instanceof Error ? e.message : String(e)}`);
      throw vscode.FileSystemError.Unavailable(errorMessage(e));
    }
  }

  watch(): vscode.Disposable {
    // No server-side notifications exist; our own writes fire onDidChangeFile.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const a = this.address(uri);
    const permissions = this.readonly ? vscode.FilePermission.Readonly : undefined;
    return this.guard(uri, async () => {
      const s3 = await this.s3(a);
      if (!a.key) {
        if (!(await s3.headBucket(a.bucket))) throw vscode.FileSystemError.FileNotFound(uri);
        return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0, permissions };
      }
      if (!a.key.endsWith('/')) {
        try {
          const info = await s3.headObject(a.bucket, a.key);
          // For an object an editor has open, the time seen when it was read: VS Code's own
          // "file is newer" check (mtime, 1 s resolution) would otherwise race ours (ETag) and
          // ask twice; ours runs on every save and catches same-second changes too.
          const seen = this.readonly ? undefined : this.seen.get(uri.with({ scheme: OBJECT_SCHEME }).toString());
          const mtime = Date.parse(seen?.lastModified ?? info.lastModified ?? '') || 0;
          return { type: vscode.FileType.File, ctime: mtime, mtime, size: info.size, permissions };
        } catch (e) {
          if (!isNotFound(e)) throw e;
        }
      }
      // A folder exists when some key starts with `key/` (a marker or any object below).
      const page = await s3.listObjectsPage({ bucket: a.bucket, prefix: asPrefix(a.key), maxKeys: 1 });
      if (!page.contents.length && !page.commonPrefixes.length) throw vscode.FileSystemError.FileNotFound(uri);
      return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0, permissions };
    });
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const a = this.address(uri);
    return this.guard(uri, async () => {
      const s3 = await this.s3(a);
      const prefix = asPrefix(a.key);
      const out: [string, vscode.FileType][] = [];
      for await (const page of s3.listObjects({ bucket: a.bucket, prefix: prefix || undefined, delimiter: '/' })) {
        for (const p of page.commonPrefixes) out.push([baseName(p), vscode.FileType.Directory]);
        for (const e of page.contents)
          if (e.key !== prefix && !e.key.endsWith('/')) out.push([baseName(e.key), vscode.FileType.File]);
      }
      return out;
    });
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const a = this.address(uri);
    return this.guard(uri, async () => {
      const s3 = await this.s3(a);
      const key = uri.with({ scheme: OBJECT_SCHEME }).toString();
      if (!this.approvedLarge.has(key)) {
        const info = await s3.headObject(a.bucket, a.key);
        const limit = openSizeLimitBytes();
        if (limit && info.size > limit) {
          const answer = await askAction(
            'warning',
            vscode.l10n.t(
              '{0} is {1}, above the {2} set in "nhncloud.storage.openSizeLimitMB". Open it anyway?',
              baseName(a.key),
              formatSize(info.size),
              formatSize(limit),
            ),
            {
              modal: true,
              detail: vscode.l10n.t(
                'The whole object is downloaded into memory to show it. "Download..." in the explorer saves it to disk instead.',
              ),
            },
            action('open', vscode.l10n.t('Open Anyway')),
          );
          if (answer !== 'open')
            throw vscode.FileSystemError.Unavailable(
              vscode.l10n.t('{0} was not opened: it is larger than the open size limit.', baseName(a.key)),
            );
          this.approvedLarge.add(key);
        }
      }
      const res = await s3.getObject(a.bucket, a.key);
      const chunks: Buffer[] = [];
      for await (const c of res.body) chunks.push(c as Buffer);
      if (!this.readonly && !this.seen.has(key)) this.seen.set(key, { etag: res.etag, lastModified: res.lastModified });
      walkthroughStepDone('object');
      return Buffer.concat(chunks);
    });
  }

  async writeFile(
    uri: vscode.Uri,
    content: Uint8Array,
    options: { create: boolean; overwrite: boolean },
  ): Promise<void> {
    if (this.readonly)
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Exported logs and remote versions are read-only.'));
    const a = this.address(uri);
    if (!a.key || a.key.endsWith('/')) throw vscode.FileSystemError.FileIsADirectory(uri);
    const key = uri.toString();
    let existed = false;
    await this.guard(uri, async () => {
      const s3 = await this.s3(a);
      const current = await s3.headObject(a.bucket, a.key).catch((e: unknown) => {
        if (isNotFound(e)) return undefined;
        throw e;
      });
      if (!current && !options.create) throw vscode.FileSystemError.FileNotFound(uri);
      existed = !!current;
      const seen = this.seen.get(key);
      if (current) {
        if (!seen && !options.overwrite) throw vscode.FileSystemError.FileExists(uri);
        const changed =
          !seen ||
          (seen.etag && current.etag ? seen.etag !== current.etag : seen.lastModified !== current.lastModified);
        if (changed)
          await resolveSaveConflict(this.services.log, uri, ObjectFileSystem.readonlyUri(uri), a, seen, current);
      }
      const body = Buffer.from(content);
      // A PUT replaces the object whole, headers included: what it was (its type, its metadata)
      // is sent again, else a saved README.md came back as binary/octet-stream. A new object
      // gets the type of its name.
      const kept = current
        ? { contentType: current.contentType, metadata: current.metadata }
        : { contentType: contentTypeFor(a.key, contentTypeOverrides()) };
      let etag: string | undefined;
      if (body.length >= MULTIPART_THRESHOLD) {
        etag = (
          await upload(s3, { bucket: a.bucket, key: a.key, stream: Readable.from([body]), size: body.length, ...kept })
        ).etag;
      } else {
        etag = (await s3.putObject(a.bucket, a.key, body, kept)).etag;
      }
      // What we wrote is what the next save compares against.
      const after = await s3.headObject(a.bucket, a.key).catch(() => undefined);
      this.seen.set(key, { etag: after?.etag ?? etag, lastModified: after?.lastModified });
      this.services.log.info(`Saved ${a.bucket}/${a.key} (${body.length} bytes, ${a.region})`);
    });
    this.emitter.fire([{ type: existed ? vscode.FileChangeType.Changed : vscode.FileChangeType.Created, uri }]);
    this.onSaved?.(a);
  }

  /** Set by the feature: refresh the tree folder of a saved object. */
  onSaved?: (a: ObjectAddress) => void;

  async delete(uri: vscode.Uri, options: { recursive: boolean }): Promise<void> {
    if (this.readonly) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Read-only.'));
    const a = this.address(uri);
    await this.guard(uri, async () => {
      const s3 = await this.s3(a);
      if (a.key && !a.key.endsWith('/')) {
        const exists = await s3.headObject(a.bucket, a.key).then(
          () => true,
          (e: unknown) => (isNotFound(e) ? false : Promise.reject(e)),
        );
        if (exists) {
          await s3.deleteObject(a.bucket, a.key);
          this.seen.delete(uri.toString());
          return;
        }
      }
      const prefix = asPrefix(a.key);
      if (!prefix)
        throw vscode.FileSystemError.NoPermissions(
          vscode.l10n.t('Delete a bucket with "Delete Bucket" in the NHN Cloud explorer.'),
        );
      const keys = await allKeys(s3, a.bucket, prefix);
      if (!keys.length) throw vscode.FileSystemError.FileNotFound(uri);
      if (!options.recursive && keys.some((k) => k !== prefix))
        throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('{0} is not empty.', prefix));
      await deleteKeys(s3, a.bucket, keys);
    });
    this.emitter.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { overwrite: boolean }): Promise<void> {
    await this.copyOrMove(oldUri, newUri, options, 'move');
    this.emitter.fire([
      { type: vscode.FileChangeType.Deleted, uri: oldUri },
      { type: vscode.FileChangeType.Created, uri: newUri },
    ]);
  }

  async copy(source: vscode.Uri, destination: vscode.Uri, options: { overwrite: boolean }): Promise<void> {
    await this.copyOrMove(source, destination, options, 'copy');
    this.emitter.fire([{ type: vscode.FileChangeType.Created, uri: destination }]);
  }

  /**
   * S3 has no rename: an object (or every object of a folder) is copied server-side, any size
   * (multipart from the threshold setting on), and for a move the original is deleted once its
   * copy exists. A long copy shows in the status bar.
   */
  private async copyOrMove(
    oldUri: vscode.Uri,
    newUri: vscode.Uri,
    options: { overwrite: boolean },
    mode: 'copy' | 'move',
  ): Promise<void> {
    if (this.readonly) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Read-only.'));
    const from = this.address(oldUri);
    const to = this.address(newUri);
    if (from.region !== to.region)
      throw vscode.FileSystemError.NoPermissions(
        vscode.l10n.t('Objects can be moved within one region only: download and upload them instead.'),
      );
    await this.guard(oldUri, async () => {
      const s3 = await this.s3(from);
      const isFile =
        !!from.key &&
        !from.key.endsWith('/') &&
        (await s3.headObject(from.bucket, from.key).then(
          () => true,
          (e: unknown) => (isNotFound(e) ? false : Promise.reject(e)),
        ));
      let plan: CopyPlanItem[];
      if (isFile) {
        if (
          !options.overwrite &&
          (await s3.headObject(to.bucket, to.key).then(
            () => true,
            () => false,
          ))
        )
          throw vscode.FileSystemError.FileExists(newUri);
        plan = [{ from: { bucket: from.bucket, key: from.key }, to: { bucket: to.bucket, key: to.key } }];
      } else {
        plan = await planFolderCopy(
          s3,
          { bucket: from.bucket, prefix: asPrefix(from.key) },
          { bucket: to.bucket, prefix: asPrefix(to.key) },
        );
        if (!plan.length) throw vscode.FileSystemError.FileNotFound(oldUri);
      }
      const total = plan.reduce((n, p) => n + (p.size ?? 0), 0);
      const run = () => copyPlan(s3, plan, mode);
      if (total < multipartCopyThresholdBytes()) return run();
      await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Window,
          title:
            mode === 'move'
              ? vscode.l10n.t('Moving {0} ({1})', baseName(from.key), formatSize(total))
              : vscode.l10n.t('Copying {0} ({1})', baseName(from.key), formatSize(total)),
        },
        run,
      );
    });
  }

  async createDirectory(uri: vscode.Uri): Promise<void> {
    if (this.readonly) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Read-only.'));
    const a = this.address(uri);
    if (!a.key)
      throw vscode.FileSystemError.NoPermissions(
        vscode.l10n.t('Create a bucket with "Create Bucket" in the NHN Cloud explorer.'),
      );
    await this.guard(uri, async () => (await this.s3(a)).putObject(a.bucket, asPrefix(a.key), ''));
    this.emitter.fire([{ type: vscode.FileChangeType.Created, uri }]);
  }
}
