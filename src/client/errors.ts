// The few error types of the whole extension (CONTRIBUTING.md, convention 5).
// Every error a person may read says what happened and what to do next. The `message` of these
// errors is English for the log (it names the operation); what a person reads is built from their
// facts (service, operation's kind of failure, code, status, the service's own words as `detail`)
// in the display language by src/shared/errorText.ts (issue 63, defect 3).
// Recognise them with the `is*` guards (they test `kind`), not with instanceof alone:
// the guards keep working if an error crosses a bundle boundary (main.js / sandbox.js).

/**
 * `oauth`: the host that issues RDS API v4.0 tokens (a site's own, beside the services);
 * `rdsMariadb`: RDS for MariaDB's host (src/client/products.ts), which errors of either RDS product
 * name as `rds` (one API).
 */
export type Service = 'rds' | 'rdsMariadb' | 'network' | 'identity' | 'storage' | 'oauth';

export abstract class NhnError extends Error {
  abstract readonly kind: 'api' | 'auth' | 'validation' | 'cancelled';
}

export interface ApiErrorInit {
  service: Service;
  /** Operation id from the operations table, e.g. `rds.getDbInstance`. */
  operation: string;
  message: string;
  /**
   * RDS `header.resultCode`, an S3/Neutron error code such as `NoSuchBucket`, a system error code
   * (ECONNRESET), or one of the extension's own (CLIENT_CODES). Required: what a person reads is
   * chosen by it (src/shared/errorText.ts), and an error without one was shown in English.
   */
  code: number | string;
  /** HTTP status, when the failure was one. */
  status?: number;
  /** True when repeating the same call later may succeed (network error, 429, 5xx). */
  retryable?: boolean;
  /**
   * The service's own words about the failure (Neutron's NeutronError message, RDS's
   * resultMessage, S3's Message), redacted: shown quoted after the translated sentence, never as it.
   */
  detail?: string;
  cause?: unknown;
}

/** The service answered with a failure, or could not be reached. */
export class ApiError extends NhnError {
  readonly kind = 'api' as const;
  readonly service: Service;
  readonly operation: string;
  readonly code: number | string;
  readonly status?: number;
  readonly retryable: boolean;
  readonly detail?: string;
  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.service = init.service;
    this.operation = init.operation;
    this.code = init.code;
    this.status = init.status;
    this.retryable = init.retryable ?? false;
    this.detail = init.detail;
  }
}

/** RDS answered 4005: the service is not enabled for the project or region (nothing to retry until it is). */
export function isServiceNotEnabled(e: unknown): boolean {
  return (
    e instanceof Error &&
    (e as Partial<ApiError>).kind === 'api' &&
    (e as ApiError).service === 'rds' &&
    String((e as ApiError).code) === '4005'
  );
}

/** Credentials were rejected (RDS 80401, HTTP 401, S3 signature errors) or lack a permission (80403, 403). */
export class AuthError extends NhnError {
  readonly kind = 'auth' as const;
  readonly service: Service;
  readonly operation: string;
  /** `unauthenticated`: the key or password is wrong or expired; `forbidden`: the role lacks the permission. */
  readonly reason: 'unauthenticated' | 'forbidden';
  readonly code?: number | string;
  readonly status?: number;
  /** The service's own words, as ApiError's. */
  readonly detail?: string;
  /** The permission the call needs, where the API's guide names it (RDS API v4.0). */
  readonly permission?: string;
  constructor(init: {
    service: Service;
    operation: string;
    reason: 'unauthenticated' | 'forbidden';
    message: string;
    code?: number | string;
    status?: number;
    detail?: string;
    permission?: string;
  }) {
    super(init.message);
    this.name = 'AuthError';
    this.service = init.service;
    this.operation = init.operation;
    this.reason = init.reason;
    this.code = init.code;
    this.status = init.status;
    this.detail = init.detail;
    this.permission = init.permission;
  }
}

/**
 * The extension's own error codes (beside the services' codes): each has a sentence of its own in
 * every display language (src/shared/errorText.ts; test/unit/shared/l10nErrors.test.ts checks
 * that every code the client writes is here and said in Korean).
 */
export const CLIENT_CODES = {
  answerTooLarge: 'AnswerTooLarge',
  tooSlow: 'TooSlow',
  unexpectedAnswer: 'UnexpectedAnswer',
  markerRepeated: 'MarkerRepeated',
  noProgress: 'NoProgress',
  listingCeiling: 'ListingCeiling',
  requestLimit: 'RequestLimit',
  buildFailed: 'BuildFailed',
  stillBuilding: 'StillBuilding',
  jobTimeout: 'JobTimeout',
  otherApiVersion: 'OtherApiVersion',
  notInApiVersion: 'NotInApiVersion',
  credentialLimit: 'CredentialLimitExceeded',
  sourceChanged: 'SourceChanged',
  copyFailed: 'CopyFailed',
  streamNotRepeatable: 'StreamNotRepeatable',
  endedEarly: 'EndedEarly',
  downloadFailed: 'DownloadFailed',
  wrongPart: 'WrongPart',
  /** A connection that failed with no system code to say how. */
  connectionFailed: 'ConnectionFailed',
  /** An HTTP failure whose body named no code of the service (its status says the rest). */
  httpStatus: 'HttpStatus',
} as const;

/** The file system's refusals a download can meet: kept as the error's code, said as the disk's (not the network's). */
export const LOCAL_FILE_CODES: ReadonlySet<string> = new Set([
  'ENOSPC',
  'EDQUOT',
  'EACCES',
  'EPERM',
  'EROFS',
  'EMFILE',
  'ENFILE',
  'EISDIR',
  'ENOTDIR',
  'ENAMETOOLONG',
]);

/**
 * What a check of the client found wrong in a value a person gave (a bucket name, an object key,
 * a file in the way), as facts: the display layer says it in the person's language (the
 * `message` beside it is the English of the log). A check without a rule is a caller's mistake
 * (a part size, a page size) and is shown as a general sentence.
 */
export type IssueRule =
  | { id: 'bucketName'; name: string; problems: BucketNameProblem[] }
  | { id: 'keyEmpty' }
  | { id: 'keyTooLong'; key: string }
  | { id: 'keyNamesNoFile'; key: string }
  | { id: 'keyOutsideFolder'; key: string; folder: string }
  | { id: 'throughLink'; path: string }
  | { id: 'inTheWay'; path: string; file: string }
  | { id: 'streamShort' };

/** The S3 naming rules a bucket name can break (src/client/storage/names.ts). */
export type BucketNameProblem = 'length' | 'characters' | 'ends' | 'twoDots' | 'ipAddress';

export interface FieldIssue {
  /** Dotted path of the field, e.g. `backup.backupPeriod` or `rules[0].port.minPort`. */
  path: string;
  message: string;
  rule?: IssueRule;
}

/** Input broke a documented limit. Raised before anything is sent. */
export class ValidationError extends NhnError {
  readonly kind = 'validation' as const;
  readonly operation: string;
  readonly issues: FieldIssue[];
  constructor(operation: string, issues: FieldIssue[]) {
    super(issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '));
    this.name = 'ValidationError';
    this.operation = operation;
    this.issues = issues;
  }
}

/** The user (or a caller's AbortSignal) cancelled. Never shown as an error. */
export class CancelledError extends NhnError {
  readonly kind = 'cancelled' as const;
  constructor(message = 'Cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

const kindOf = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && 'kind' in e ? String((e as { kind: unknown }).kind) : undefined;

export const isApiError = (e: unknown): e is ApiError => kindOf(e) === 'api';
export const isAuthError = (e: unknown): e is AuthError => kindOf(e) === 'auth';
export const isValidationError = (e: unknown): e is ValidationError => kindOf(e) === 'validation';
export const isCancelledError = (e: unknown): e is CancelledError =>
  kindOf(e) === 'cancelled' || (e instanceof Error && e.name === 'AbortError');
