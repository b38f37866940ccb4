// Bucket access and housekeeping: "Bucket Access..." shows the bucket's region (GET Bucket
// Location) and its grants (GET Bucket ACL) and sets a canned ACL (PUT Bucket ACL; making a
// bucket public is confirmed); "Incomplete Uploads..." lists multipart uploads that were never
// completed (List Multipart Uploads, List Parts for their size) and aborts the chosen ones.
import * as vscode from 'vscode';
import type { CannedAcl, Grant } from '../../client/storage/client';
import type { CommandHandler } from '../../shared/services';
import { confirm, pick, pickMany } from '../../network/commands/ui';
import { formatSize } from '../keys';
import { BucketNode, type StorageDeps } from '../tree/nodes';
import { bucketFrom } from './targets';

const ALL_USERS = 'http://acs.amazonaws.com/groups/global/AllUsers';

/** One line per grant: "AllUsers: READ", "owner-id: FULL_CONTROL". */
export function describeGrants(grants: readonly Grant[]): string[] {
  return grants.map((g) => `${g.grantee.uri ? (g.grantee.uri.split('/').pop() ?? g.grantee.uri) : (g.grantee.displayName ?? g.grantee.id ?? g.grantee.type)}: ${g.permission}`);
}

export function bucketSettingsCommands(deps: StorageDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.storage.bucketAccess': async (node?: unknown) => {
      const t = await bucketFrom(node instanceof BucketNode ? node : undefined, deps, 'Bucket Access');
      const [location, acl] = await Promise.all([t.s3.getBucketLocation(t.bucket).catch(() => ''), t.s3.getBucketAcl(t.bucket)]);
      const isPublic = acl.grants.some((g) => g.grantee.uri === ALL_USERS);
      const grants = describeGrants(acl.grants);
      const options: Array<{ label: string; description?: string; acl: CannedAcl }> = [
        { label: 'private', description: 'only the owner', acl: 'private' },
        { label: 'public-read', description: 'anyone on the internet can read objects', acl: 'public-read' },
        { label: 'authenticated-read', description: 'any authenticated user can read', acl: 'authenticated-read' },
        { label: 'public-read-write', description: 'anyone can read and write (rarely wanted)', acl: 'public-read-write' },
      ];
      const chosen = await pick(options, {
        title: `${t.bucket}: ${location ? `region ${location}, ` : ''}${isPublic ? 'PUBLIC' : 'not public'} · ${grants.join(', ') || 'no grant'}`,
        placeHolder: 'Pick an access control list to set it, or Escape to keep the current one',
      });
      if (chosen.acl.startsWith('public')) await confirm(`Make ${t.bucket} ${chosen.acl}?`, 'Make Public', `${chosen.acl === 'public-read-write' ? 'Anyone can read, overwrite and delete' : 'Anyone with the URL can read'} every object of the bucket.`);
      await t.s3.putBucketAcl(t.bucket, chosen.acl);
      void vscode.window.showInformationMessage(`${t.bucket} is now ${chosen.acl}.`);
    },
    'nhncloud.storage.incompleteUploads': async (node?: unknown) => {
      const t = await bucketFrom(node instanceof BucketNode ? node : undefined, deps, 'Incomplete Uploads');
      const uploads = [];
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (let i = 0; i < 20; i++) {
        const page = await t.s3.listMultipartUploads(t.bucket, { keyMarker, uploadIdMarker });
        uploads.push(...page.uploads);
        if (!page.isTruncated) break;
        keyMarker = page.nextKeyMarker;
        uploadIdMarker = page.nextUploadIdMarker;
      }
      if (!uploads.length) {
        void vscode.window.showInformationMessage(`${t.bucket} has no incomplete multipart upload.`);
        return 0;
      }
      const items = await Promise.all(
        uploads.map(async (u) => {
          const parts = await t.s3.listParts(t.bucket, u.key, u.uploadId).catch(() => undefined);
          const size = parts?.parts.reduce((s, p) => s + (p.size ?? 0), 0);
          return { label: u.key, description: [u.initiated ? `started ${new Date(u.initiated).toLocaleString()}` : '', parts ? `${parts.parts.length}${parts.isTruncated ? '+' : ''} part(s), ${formatSize(size ?? 0)}` : ''].filter(Boolean).join(' · '), u };
        }),
      );
      const chosen = await pickMany(items, { title: `Incomplete uploads in ${t.bucket}`, placeHolder: 'Their parts take space until aborted: pick the uploads to abort' });
      await confirm(`Abort ${chosen.length} upload(s)?`, 'Abort', 'Their parts are deleted; the uploads cannot be completed afterwards.');
      for (const c of chosen) await t.s3.abortMultipartUpload(t.bucket, c.u.key, c.u.uploadId);
      void vscode.window.showInformationMessage(`Aborted ${chosen.length} upload(s) in ${t.bucket}.`);
      return chosen.length;
    },
  };
}
