// The S3 client's public types (inputs, answers) and the request shape its plumbing sends.
import type { Readable } from 'node:stream';
import type { Transport } from '../http/transport';
import type { RequestLimitPolicy } from './requestLimit';

export interface S3ClientOptions {
  /** The region's storage address, path-style, e.g. `https://kr1-api-object-storage.nhncloudservice.com`. */
  baseUrl: string;
  accessKey: string;
  secretKey: string;
  /** SigV4 region; default `KR1` (DEFAULT_SIGNING_REGION). A server that names another is followed at run time. */
  signingRegion?: string;
  transport: Transport;
  /** Told once when the server named another signing region, so the caller can keep it. */
  onSigningRegionCorrected?: (region: string) => void;
  /** Waits at the account's request limit (HTTP 429, SlowDown); tests shorten them. */
  requestLimit?: Partial<RequestLimitPolicy>;
  /**
   * Entries (keys and folders) one listing of every page reads at most (`nhncloud.storage.maxListedKeys`,
   * read at each listing when a function); default DEFAULT_MAX_LISTED (src/client/listing.ts).
   */
  maxListed?: number | (() => number);
}

export interface CallOpts {
  signal?: AbortSignal;
}

export interface Bucket {
  name: string;
  creationDate?: string;
}

export interface ObjectEntry {
  key: string;
  lastModified?: string;
  /** Quoted, as S3 sends it. */
  etag?: string;
  size: number;
  storageClass?: string;
}

export interface ListObjectsInput {
  bucket: string;
  prefix?: string;
  delimiter?: string;
  marker?: string;
  /** At most 1000 (the service's page limit). */
  maxKeys?: number;
}

export interface ObjectPage {
  name: string;
  prefix: string;
  marker: string;
  nextMarker?: string;
  maxKeys: number;
  isTruncated: boolean;
  contents: ObjectEntry[];
  commonPrefixes: string[];
}

/**
 * The headers an object is served with: set when it is written, replaced by a copy onto itself
 * with the REPLACE directive (Edit Metadata).
 */
export interface ObjectHeaders {
  contentType?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  /** `x-amz-meta-*` headers without the prefix. */
  metadata?: Record<string, string>;
}

export interface ObjectInfo extends ObjectHeaders {
  size: number;
  etag?: string;
  lastModified?: string;
  metadata: Record<string, string>;
}

export interface GetObjectResult extends ObjectInfo {
  status: number;
  /** `bytes a-b/total` for ranged answers. */
  contentRange?: string;
  /** The body: pipe it somewhere or destroy it. */
  body: Readable;
}

export interface Grant {
  grantee: { type: string; id?: string; displayName?: string; uri?: string };
  permission: string;
}

export interface Acl {
  owner: { id?: string; displayName?: string };
  grants: Grant[];
}

export type CannedAcl = 'private' | 'public-read' | 'public-read-write' | 'authenticated-read';

export interface PartInfo {
  partNumber: number;
  etag: string;
  size?: number;
  lastModified?: string;
}

export interface UploadInfo {
  key: string;
  uploadId: string;
  initiated?: string;
}

export interface UploadsPage {
  uploads: UploadInfo[];
  commonPrefixes: string[];
  isTruncated: boolean;
  nextKeyMarker?: string;
  nextUploadIdMarker?: string;
}

export interface PartsPage {
  parts: PartInfo[];
  isTruncated: boolean;
  nextPartNumberMarker?: number;
}

/**
 * A body: bytes (signed by their hash), or a factory of a fresh stream (so a request can be
 * replayed) with its length, signed UNSIGNED-PAYLOAD; the factory may hand over bytes it already
 * read (a small file read whole), sent as they are and signed the same way.
 */
export type S3Body = string | Uint8Array | { stream: () => Readable | Uint8Array; size: number };

/** One request as the methods describe it to the plumbing (S3Requests.send). */
export interface SendInput {
  bucket?: string;
  key?: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: S3Body;
  signal?: AbortSignal;
  /** Statuses that are success for this call (default: any 2xx). */
  ok?: (status: number) => boolean;
  bodyTimeoutMs?: number;
  /** See TransportRequest.bodyHighWaterMark. */
  bodyHighWaterMark?: number;
  /** See TransportRequest.directBody. */
  directBody?: boolean;
}
