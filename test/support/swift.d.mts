// Types of swift.mjs for the TypeScript tests (the .mjs carries the same as JSDoc for its .mjs users).
export interface SwiftServer {
  /** The S3 endpoint, path-style: `http://127.0.0.1:PORT`. */
  endpoint: string;
  /** tempauth's `account:user` (`test:tester`: with a colon). */
  accessKey: string;
  secretKey: string;
  /** The s3api `location` (the SigV4 region it expects): `KR1`. */
  region: string;
  /** Its folder: etc/, srv/ (the objects), log/ (each server's log). */
  dir: string;
  /** The processes it started (memcached and the four servers). */
  pids: number[];
  /** Kills exactly those processes and waits for them to end. */
  stop(): Promise<void>;
}
export function startSwift(opts?: {
  dir?: string;
  port?: number;
  region?: string;
  accounts?: number;
}): Promise<SwiftServer>;
/** The environment variable of a Swift shared by a run's test files (JSON: endpoint, region, dir, accounts). */
export const SHARED_SWIFT_ENV: string;
/**
 * A Swift for one test file: an account no other file has had on the run's shared Swift (its
 * `stop()` does nothing: the run stops the server), else a server of its own.
 */
export function leaseSwift(): Promise<SwiftServer>;
/** Starts one Swift with `accounts` accounts to lease and hands it to the run's test files (SHARED_SWIFT_ENV). */
export function startSharedSwift(accounts: number): Promise<SwiftServer>;
/** What to install (the apt-get command), or undefined when Swift is there; `searchPath` for tests. */
export function swiftMissing(searchPath?: string[]): string | undefined;
