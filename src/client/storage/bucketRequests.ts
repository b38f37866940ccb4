// The bucket operations of the S3-protocol client (list, create, head, delete, ACL, location),
// on the signing and sending plumbing of S3Requests (requests.ts).
import { checkBucketName } from './names';
import { S3Requests } from './requests';
import type { Acl, Bucket, CallOpts, CannedAcl, SendInput } from './types';
import { escapeXml, list, S3_NS, text, type XmlNode } from './xml';

export class BucketRequests extends S3Requests {
  async listBuckets(opts: CallOpts = {}): Promise<{ owner: { id?: string; displayName?: string }; buckets: Bucket[] }> {
    const x = await this.xml('listBuckets', { signal: opts.signal });
    const root = x.ListAllMyBucketsResult;
    return {
      owner: { id: text(child(root, 'Owner'), 'ID'), displayName: text(child(root, 'Owner'), 'DisplayName') },
      buckets: list(child(root, 'Buckets'), 'Bucket').map((b) => ({
        name: text(b, 'Name') ?? '',
        creationDate: text(b, 'CreationDate'),
      })),
    };
  }

  async createBucket(bucket: string, opts: CallOpts & { acl?: CannedAcl } = {}): Promise<{ location?: string }> {
    checkBucketName('storage.createBucket', bucket);
    const headers: Record<string, string> = {};
    if (opts.acl) headers['x-amz-acl'] = opts.acl;
    const res = await this.send('createBucket', { bucket, headers, signal: opts.signal });
    await res.body.dump();
    return { location: res.headers.location };
  }

  /** True when the bucket exists and the credential may use it; false when it does not exist. */
  async headBucket(bucket: string, opts: CallOpts = {}): Promise<boolean> {
    checkBucketName('storage.headBucket', bucket);
    const res = await this.send('headBucket', { bucket, signal: opts.signal, ok: (s) => s < 300 || s === 404 });
    await res.body.dump();
    return res.status !== 404;
  }

  async deleteBucket(bucket: string, opts: CallOpts = {}): Promise<void> {
    checkBucketName('storage.deleteBucket', bucket);
    await (await this.send('deleteBucket', { bucket, signal: opts.signal })).body.dump();
  }

  async getBucketAcl(bucket: string, opts: CallOpts = {}): Promise<Acl> {
    checkBucketName('storage.getBucketAcl', bucket);
    const x = await this.xml('getBucketAcl', { bucket, query: { acl: '' }, signal: opts.signal });
    const root = x.AccessControlPolicy;
    return {
      owner: { id: text(child(root, 'Owner'), 'ID'), displayName: text(child(root, 'Owner'), 'DisplayName') },
      grants: list(child(root, 'AccessControlList'), 'Grant').map((g) => {
        const who = child(g, 'Grantee');
        return {
          grantee: {
            type: text(who, 'Type') ?? (text(who, 'URI') ? 'Group' : 'CanonicalUser'),
            id: text(who, 'ID'),
            displayName: text(who, 'DisplayName'),
            uri: text(who, 'URI'),
          },
          permission: text(g, 'Permission') ?? '',
        };
      }),
    };
  }

  /** Sets a canned ACL (`x-amz-acl`) or a full policy (XML body). */
  async putBucketAcl(bucket: string, acl: CannedAcl | Acl, opts: CallOpts = {}): Promise<void> {
    checkBucketName('storage.putBucketAcl', bucket);
    const input: SendInput = { bucket, query: { acl: '' }, signal: opts.signal };
    if (typeof acl === 'string') input.headers = { 'x-amz-acl': acl };
    else {
      const grants = acl.grants
        .map((g) => {
          const type = g.grantee.uri ? 'Group' : 'CanonicalUser';
          const who = g.grantee.uri
            ? `<URI>${escapeXml(g.grantee.uri)}</URI>`
            : `<ID>${escapeXml(g.grantee.id ?? '')}</ID>`;
          return `<Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="${type}">${who}</Grantee><Permission>${escapeXml(g.permission)}</Permission></Grant>`;
        })
        .join('');
      input.body = `<AccessControlPolicy xmlns="${S3_NS}"><Owner><ID>${escapeXml(acl.owner.id ?? '')}</ID></Owner><AccessControlList>${grants}</AccessControlList></AccessControlPolicy>`;
      input.headers = { 'content-type': 'application/xml' };
    }
    await (await this.send('putBucketAcl', input)).body.dump();
  }

  async getBucketLocation(bucket: string, opts: CallOpts = {}): Promise<string> {
    checkBucketName('storage.getBucketLocation', bucket);
    const x = await this.xml('getBucketLocation', { bucket, query: { location: '' }, signal: opts.signal });
    const v = x.LocationConstraint;
    return typeof v === 'string' ? v : (text(x, 'LocationConstraint') ?? '');
  }
}

function child(node: unknown, name: string): XmlNode | undefined {
  const v = node && typeof node === 'object' && !Array.isArray(node) ? (node as XmlNode)[name] : undefined;
  return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}
