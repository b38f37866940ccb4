// The 21 S3-protocol operations of object storage (the 20 the spec lists plus the listing of
// all buckets), declared once. The client, the sandbox router and `list-operations` read them.
//
// Path templates are path-style (`/{bucket}/{obj}`, relative to the region's storage address).
// Several S3 operations share a method and a path and differ only by a query subresource or a
// header; so that every `list-operations` line stays distinct, the template carries that marker:
//   `?acl`, `?location`, `?uploads`, `?delete`, `?uploadId`, `?partNumber&uploadId`: query
//   subresources that must be present (their values are filled at call time);
//   `[x-amz-copy-source]`: a request header that must be present (copy operations).
// `s3PathOf()` strips the markers; `s3QueryMarkers()` / `s3HeaderMarker()` read them.
import type { HttpMethod, Operation } from '../operation';

export interface StorageOperation extends Operation {
  readonly service: 'storage';
}

const row = <N extends string>(
  name: N,
  method: HttpMethod,
  path: string,
  summary: string,
): StorageOperation & { id: `storage.${N}` } => ({
  id: `storage.${name}`,
  service: 'storage',
  method,
  path,
  summary,
});

export const STORAGE_OPERATIONS = [
  row('listBuckets', 'GET', '/', 'List all buckets of the account (ListAllMyBucketsResult).'),
  row('createBucket', 'PUT', '/{bucket}', 'Create a bucket (PUT Bucket).'),
  row('headBucket', 'HEAD', '/{bucket}', 'Check that a bucket exists and is reachable (HEAD Bucket).'),
  row('deleteBucket', 'DELETE', '/{bucket}', 'Delete an empty bucket (DELETE Bucket).'),
  row('putBucketAcl', 'PUT', '/{bucket}?acl', 'Set the access control list of a bucket (canned ACL header or XML).'),
  row('getBucketAcl', 'GET', '/{bucket}?acl', 'Read the access control list of a bucket.'),
  row('getBucketLocation', 'GET', '/{bucket}?location', 'Read the region of a bucket (GET Bucket Location).'),
  row(
    'listObjects',
    'GET',
    '/{bucket}',
    'List objects, ListObjects v1: prefix, delimiter, marker, max-keys (at most 1000 a page).',
  ),
  row('getObject', 'GET', '/{bucket}/{obj}', 'Download an object, streamed; Range gives part of it (206).'),
  row('headObject', 'HEAD', '/{bucket}/{obj}', 'Read the metadata of an object (size, ETag, Last-Modified, type).'),
  row('putObject', 'PUT', '/{bucket}/{obj}', 'Upload an object in one request, streamed.'),
  row(
    'copyObject',
    'PUT',
    '/{bucket}/{obj}[x-amz-copy-source]',
    'Copy an object server-side (PUT Object Copy; header x-amz-copy-source).',
  ),
  row('deleteObject', 'DELETE', '/{bucket}/{obj}', 'Delete an object.'),
  row('initiateMultipartUpload', 'POST', '/{bucket}/{obj}?uploads', 'Start a multipart upload; answers its UploadId.'),
  row(
    'uploadPart',
    'PUT',
    '/{bucket}/{obj}?partNumber&uploadId',
    'Upload one part (1..10000, at least 5 MiB except the last).',
  ),
  row(
    'uploadPartCopy',
    'PUT',
    '/{bucket}/{obj}?partNumber&uploadId[x-amz-copy-source]',
    'Fill one part from (a range of) an existing object.',
  ),
  row('completeMultipartUpload', 'POST', '/{bucket}/{obj}?uploadId', 'Assemble the uploaded parts into the object.'),
  row('abortMultipartUpload', 'DELETE', '/{bucket}/{obj}?uploadId', 'Abort a multipart upload and delete its parts.'),
  row('listParts', 'GET', '/{bucket}/{obj}?uploadId', 'List the parts uploaded so far for a multipart upload.'),
  row('listMultipartUploads', 'GET', '/{bucket}?uploads', 'List the multipart uploads in progress in a bucket.'),
  row(
    'deleteObjects',
    'POST',
    '/{bucket}?delete',
    'Delete up to 1000 objects in one request (DELETE Multiple Objects).',
  ),
] as const satisfies readonly StorageOperation[];

export type StorageOperationName = (typeof STORAGE_OPERATIONS)[number]['id'] extends `storage.${infer N}` ? N : never;

export const STORAGE_OPERATION_BY_NAME: Record<StorageOperationName, StorageOperation> = Object.fromEntries(
  STORAGE_OPERATIONS.map((op) => [op.id.slice('storage.'.length), op]),
) as Record<StorageOperationName, StorageOperation>;

/** The path template without query and header markers: `/{bucket}/{obj}`. */
export const s3PathOf = (op: Pick<Operation, 'path'>): string => op.path.replace(/[?[].*$/, '');

/** Query subresources the operation requires, e.g. `['partNumber', 'uploadId']`. */
export function s3QueryMarkers(op: Pick<Operation, 'path'>): string[] {
  const m = /\?([^[]*)/.exec(op.path);
  return m ? m[1].split('&').filter(Boolean) : [];
}

/** The request header the operation requires (`x-amz-copy-source`), if any. */
export const s3HeaderMarker = (op: Pick<Operation, 'path'>): string | undefined => /\[([^\]]+)\]/.exec(op.path)?.[1];
