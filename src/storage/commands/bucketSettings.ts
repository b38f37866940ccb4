// Bucket access and housekeeping: "Bucket Access..." shows the bucket's region (GET Bucket
// Location) and its grants (GET Bucket ACL) and sets a canned ACL (PUT Bucket ACL; making a
// bucket public is confirmed); "Incomplete Uploads..." lists multipart uploads that were never
// completed (List Multipart Uploads, List Parts for their size), says which of them this machine
// can resume (written down by ../pendingUploads.ts) and aborts the chosen ones.
import { formatDateTime, plural } from '../../shared/l10n';
import * as vscode from 'vscode';
import { CancelledError } from '../../client/errors';
import type { CannedAcl, Grant, UploadInfo } from '../../client/storage/client';
import type { CommandHandler } from '../../shared/services';
import { confirm, pick, pickMany } from '../../shared/prompts';
import { formatSize } from '../keys';
import type { PendingUploads } from '../pendingUploads';
import { BucketNode, type StorageDeps } from '../tree/nodes';
import { bucketFrom } from './targets';
import { withListing } from '../listingProgress';

const ALL_USERS = 'http://acs.amazonaws.com/groups/global/AllUsers';

/** One line per grant: "AllUsers: READ", "owner-id: FULL_CONTROL". */
export function describeGrants(grants: readonly Grant[]): string[] {
  return grants.map(
    (g) =>
      `${g.grantee.uri ? (g.grantee.uri.split('/').pop() ?? g.grantee.uri) : (g.grantee.displayName ?? g.grantee.id ?? g.grantee.type)}: ${g.permission}`,
  );
}

export function bucketSettingsCommands(deps: StorageDeps, pending: PendingUploads): Record<string, CommandHandler> {
  return {
    'nhncloud.storage.bucketAccess': async (node?: unknown) => {
      const t = await bucketFrom(node instanceof BucketNode ? node : undefined, deps, vscode.l10n.t('Bucket Access'));
      const [location, acl] = await Promise.all([
        t.s3.getBucketLocation(t.bucket).catch(() => ''),
        t.s3.getBucketAcl(t.bucket),
      ]);
      const isPublic = acl.grants.some((g) => g.grantee.uri === ALL_USERS);
      const grants = describeGrants(acl.grants);
      const options: Array<{ label: string; description?: string; acl: CannedAcl }> = [
        { label: 'private', description: vscode.l10n.t('only the owner'), acl: 'private' },
        {
          label: 'public-read',
          description: vscode.l10n.t('anyone on the internet can read objects'),
          acl: 'public-read',
        },
        {
          label: 'authenticated-read',
          description: vscode.l10n.t('any authenticated user can read'),
          acl: 'authenticated-read',
        },
        {
          label: 'public-read-write',
          description: vscode.l10n.t('anyone can read and write (rarely wanted)'),
          acl: 'public-read-write',
        },
      ];
      const chosen = await pick(options, {
        // A list of independent facts, each a whole phrase of its own.
        title: vscode.l10n.t(
          '{0}: {1}',
          t.bucket,
          [
            location ? vscode.l10n.t('region {0}', location) : '',
            isPublic ? vscode.l10n.t('public') : vscode.l10n.t('not public'),
            grants.length ? vscode.l10n.t('grants: {0}', grants.join(', ')) : vscode.l10n.t('no grant'),
          ]
            .filter(Boolean)
            .join(' · '),
        ),
        placeHolder: vscode.l10n.t('Pick an access control list to set it, or Escape to keep the current one'),
      });
      if (chosen.acl.startsWith('public'))
        await confirm(
          vscode.l10n.t('Make {0} {1}?', t.bucket, chosen.acl),
          vscode.l10n.t('Make Public'),
          chosen.acl === 'public-read-write'
            ? vscode.l10n.t('Anyone can read, overwrite and delete every object of the bucket.')
            : vscode.l10n.t('Anyone with the URL can read every object of the bucket.'),
        );
      await t.s3.putBucketAcl(t.bucket, chosen.acl);
      void vscode.window.showInformationMessage(vscode.l10n.t('{0} is now {1}.', t.bucket, chosen.acl));
    },
    'nhncloud.storage.incompleteUploads': async (node?: unknown) => {
      const t = await bucketFrom(
        node instanceof BucketNode ? node : undefined,
        deps,
        vscode.l10n.t('Incomplete Uploads'),
      );
      const uploads: UploadInfo[] = [];
      // The first 20 pages (20,000 uploads at most) and the parts of each, cancellable; markers
      // that do not advance end the listing with an error.
      const partsOf = await withListing(
        vscode.l10n.t('Listing the incomplete uploads of {0}', t.bucket),
        async (signal, onListed) => {
          let pages = 0;
          for await (const page of t.s3.listAllMultipartUploads(t.bucket, { signal })) {
            uploads.push(...page.uploads);
            onListed(uploads.length);
            if (++pages === 20 || signal.aborted) break;
          }
          const parts = await Promise.all(
            uploads.map((u) => t.s3.listParts(t.bucket, u.key, u.uploadId, { signal }).catch(() => undefined)),
          );
          return new Map(uploads.map((u, i) => [u, parts[i]]));
        },
      );
      if (!uploads.length) {
        void vscode.window.showInformationMessage(vscode.l10n.t('{0} has no incomplete multipart upload.', t.bucket));
        return 0;
      }
      const resumable = new Map(pending.list().map((p) => [p.uploadId, p]));
      const items = await Promise.all(
        uploads.map(async (u) => {
          const parts = partsOf.get(u);
          const size = parts?.parts.reduce((s, p) => s + (p.size ?? 0), 0);
          const mine = resumable.get(u.uploadId);
          return {
            label: mine ? `$(debug-continue) ${u.key}` : u.key,
            detail: mine ? vscode.l10n.t('Can be resumed from {0} with "Resume Uploads...".', mine.file) : undefined,
            description: [
              u.initiated ? vscode.l10n.t('started {0}', formatDateTime(new Date(u.initiated))) : '',
              parts
                ? parts.isTruncated
                  ? vscode.l10n.t('{0}+ parts, {1}', parts.parts.length, formatSize(size ?? 0))
                  : plural(
                      parts.parts.length,
                      vscode.l10n.t('{0} part, {1}', parts.parts.length, formatSize(size ?? 0)),
                      vscode.l10n.t('{0} parts, {1}', parts.parts.length, formatSize(size ?? 0)),
                    )
                : '',
            ]
              .filter(Boolean)
              .join(' · '),
            u,
          };
        }),
      );
      const chosen = await pickMany(items, {
        title: vscode.l10n.t('Incomplete uploads in {0}', t.bucket),
        placeHolder: vscode.l10n.t('Their parts take space until aborted: pick the uploads to abort'),
      });
      if (!chosen.length) throw new CancelledError(); // nothing picked: nothing to abort, nothing to ask
      await confirm(
        plural(
          chosen.length,
          vscode.l10n.t('Abort {0} upload?', chosen.length),
          vscode.l10n.t('Abort {0} uploads?', chosen.length),
        ),
        vscode.l10n.t('Abort'),
        vscode.l10n.t('Their parts are deleted; the uploads cannot be completed afterwards.'),
      );
      for (const c of chosen) {
        await t.s3.abortMultipartUpload(t.bucket, c.u.key, c.u.uploadId);
        // Aborted: nothing is left to resume.
        if (resumable.has(c.u.uploadId)) await pending.remove(c.u.uploadId);
      }
      void vscode.window.showInformationMessage(
        plural(
          chosen.length,
          vscode.l10n.t('Aborted {0} upload in {1}.', chosen.length, t.bucket),
          vscode.l10n.t('Aborted {0} uploads in {1}.', chosen.length, t.bucket),
        ),
      );
      return chosen.length;
    },
  };
}
