// Shared by the sandbox tests: a sandbox per test file, RdsClients pointed at it, fast job waiting.
import { Redactor } from '../../src/client/http/redact';
import { Transport } from '../../src/client/http/transport';
import { RdsClient } from '../../src/client/rds/client';
import { OAuthTokenClient, oauthBaseUrl } from '../../src/client/rds/oauthToken';
import type { RdsClientApiVersion } from '../../src/client/rds/versions';
import { waitForJob } from '../../src/client/rds/jobs';
import { type Sandbox } from '../../src/sandbox';

export function clientFor(
  sb: Sandbox,
  region: 'KR1' | 'KR2' | 'KR4' | 'JP1' = 'KR1',
  role: 'ADMIN' | 'VIEWER' = 'ADMIN',
  retries = 0,
  apiVersion: RdsClientApiVersion = 'v3.0',
): RdsClient {
  const profile = sb.sandboxProfile({ role });
  const s = profile.secrets;
  const transport = new Transport({
    userAgent: 'nhncloud-explorer-test/0.0.0',
    retries: { max: retries, baseDelayMs: 1, maxDelayMs: 5 },
    redactor: new Redactor(),
  });
  return new RdsClient({
    baseUrl: `${sb.url}/rds/${region.toLowerCase()}`,
    credentials: { appKey: s.rdsAppKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: s.rdsSecretAccessKey! },
    transport,
    apiVersion,
    tokens:
      apiVersion === 'v4.0'
        ? new OAuthTokenClient({
            baseUrl: oauthBaseUrl('public', profile.endpoints),
            accessKeyId: s.rdsAccessKeyId!,
            secretAccessKey: s.rdsSecretAccessKey!,
            transport,
          })
        : undefined,
  });
}

/** Waits for a job with polls a few ms apart (the sandbox runs with a small time scale in tests). */
export const waitJob = (rds: RdsClient, jobId: string) =>
  waitForJob(rds, jobId, { initialDelayMs: 5, maxDelayMs: 20, timeoutMs: 20_000 });

export async function instanceByName(rds: RdsClient, name: string): Promise<any> {
  const { dbInstances } = await rds.listDbInstances();
  const found = dbInstances.find((i: any) => i.dbInstanceName === name);
  if (!found) throw new Error(`no instance ${name}`);
  return found;
}

/** Raw call with fetch: proves what the sandbox itself answers (no client-side validation). */
export async function raw(
  sb: Sandbox,
  method: string,
  path: string,
  opts: { body?: string; role?: 'ADMIN' | 'VIEWER'; headers?: Record<string, string>; region?: string } = {},
) {
  const s = sb.sandboxProfile({ role: opts.role ?? 'ADMIN' }).secrets;
  const res = await fetch(`${sb.url}/rds/${opts.region ?? 'kr1'}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'X-TC-APP-KEY': s.rdsAppKey!,
      'X-TC-AUTHENTICATION-ID': s.rdsAccessKeyId!,
      'X-TC-AUTHENTICATION-SECRET': s.rdsSecretAccessKey!,
      ...opts.headers,
    },
    body: opts.body,
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

export const TARGET = {
  tenantId: 'sandbox-tenant',
  username: 'user@example.com',
  password: 'api-password',
  targetContainer: 'exports',
  objectPath: 'rds/kr1',
};
