// Bucket handlers: list, create, ACL.
import type { SandboxReply } from '../../server';
import { bucketNameProblems } from '../../../client/storage/names';
import { escapeXml as esc, list, parseXml, S3_NS, text } from '../../../client/storage/xml';
import { grantsFor, OWNER, type Grant, type StoredBucket } from '../store';
import { bufferedBody, s3Time, type Ctx, errorXml, header, xml } from './context';

export function listBuckets(ctx: Ctx): SandboxReply {
  const items = [...ctx.store.buckets(ctx.region).values()]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((b) => `<Bucket><Name>${esc(b.name)}</Name><CreationDate>${s3Time(b.created)}</CreationDate></Bucket>`)
    .join('');
  return xml(
    200,
    `<ListAllMyBucketsResult xmlns="${S3_NS}"><Owner><ID>${OWNER.id}</ID><DisplayName>${OWNER.displayName}</DisplayName></Owner><Buckets>${items}</Buckets></ListAllMyBucketsResult>`,
  );
}

export async function createBucket(ctx: Ctx): Promise<SandboxReply> {
  const name = ctx.bucketName;
  if (bucketNameProblems(name).length)
    return errorXml(400, 'InvalidBucketName', 'The specified bucket is not valid.', ctx.resource, { BucketName: name });
  if (ctx.store.bucket(ctx.region, name))
    return errorXml(
      409,
      'BucketAlreadyOwnedByYou',
      'Your previous request to create the named bucket succeeded and you already own it.',
      ctx.resource,
      { BucketName: name },
    );
  await ctx.call.body(); // an optional CreateBucketConfiguration; the region comes from the address
  const canned = header(ctx.call, 'x-amz-acl') ?? 'private';
  const grants = grantsFor(canned);
  if (!grants) return errorXml(400, 'InvalidArgument', `Unknown canned ACL ${canned}.`, ctx.resource);
  ctx.store.createBucket(ctx.region, name, grants);
  return { status: 200, headers: { location: `/${name}` } };
}

export async function putBucketAcl(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
  const canned = header(ctx.call, 'x-amz-acl');
  const bodyCheck = await bufferedBody(ctx);
  if ('reply' in bodyCheck) return bodyCheck.reply;
  if (canned) {
    const grants = grantsFor(canned);
    if (!grants) return errorXml(400, 'InvalidArgument', `Unknown canned ACL ${canned}.`, ctx.resource);
    b.grants = grants;
    return { status: 200 };
  }
  try {
    const x = parseXml(bodyCheck.body.toString('utf8'));
    const acl = x.AccessControlPolicy;
    const grants: Grant[] = list(
      acl && typeof acl === 'object' && !Array.isArray(acl) ? acl.AccessControlList : undefined,
      'Grant',
    ).map((g) => {
      const who = g.Grantee;
      const uri = text(who, 'URI');
      return uri
        ? { type: 'Group', uri, permission: text(g, 'Permission') ?? '' }
        : { type: 'CanonicalUser', id: text(who, 'ID') ?? '', permission: text(g, 'Permission') ?? '' };
    });
    if (
      !grants.length ||
      grants.some((g) => !['FULL_CONTROL', 'READ', 'WRITE', 'READ_ACP', 'WRITE_ACP'].includes(g.permission))
    )
      throw new Error('bad grants');
    b.grants = grants;
    return { status: 200 };
  } catch {
    return errorXml(
      400,
      'MalformedACLError',
      'The XML you provided was not well-formed or did not validate against our published schema.',
      ctx.resource,
    );
  }
}

export function aclXml(grants: Grant[]): string {
  const items = grants
    .map((g) =>
      g.type === 'Group'
        ? `<Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="Group"><URI>${esc(g.uri ?? '')}</URI></Grantee><Permission>${g.permission}</Permission></Grant>`
        : `<Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CanonicalUser"><ID>${esc(g.id ?? '')}</ID><DisplayName>${g.id === OWNER.id ? OWNER.displayName : ''}</DisplayName></Grantee><Permission>${g.permission}</Permission></Grant>`,
    )
    .join('');
  return `<AccessControlPolicy xmlns="${S3_NS}"><Owner><ID>${OWNER.id}</ID><DisplayName>${OWNER.displayName}</DisplayName></Owner><AccessControlList>${items}</AccessControlList></AccessControlPolicy>`;
}
