// A small loopback HTTP server for the client's unit tests: it records every request and
// answers with what the test's handler says (canned RDS bodies, HTTP errors, dropped or
// hanging connections). Real sockets, no mocked fetch.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redactor, type Logger } from '../../src/client/http/redact';
import { Transport, type TransportOptions } from '../../src/client/http/transport';
import { RdsClient } from '../../src/client/rds/client';

export interface Recorded {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Answer =
  | { json: unknown; status?: number }
  | { raw: string; status?: number; contentType?: string }
  | { drop: true }
  | { hang: true };

export interface TestServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export const ok = (payload: Record<string, unknown> = {}) => ({
  json: { header: { resultCode: 0, resultMessage: 'SUCCESS', isSuccessful: true }, ...payload },
});
export const fail = (resultCode: number, resultMessage: string) => ({
  json: { header: { resultCode, resultMessage, isSuccessful: false } },
});

export async function startServer(
  handler: (req: Recorded, index: number) => Answer | Promise<Answer>,
): Promise<TestServer> {
  const requests: Recorded[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const rec: Recorded = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(rec);
      const a = await handler(rec, requests.length - 1);
      if ('drop' in a) return req.socket.destroy();
      if ('hang' in a) return void hanging.add(res);
      if ('json' in a) {
        res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(a.json));
      } else {
        res.writeHead(a.status ?? 200, { 'content-type': a.contentType ?? 'application/json' });
        res.end(a.raw);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const CREDENTIALS = {
  appKey: 'AppKey-7f3a9c',
  accessKeyId: 'AccessKeyId-51be02',
  secretAccessKey: 'SecretAccessKey-d4e8aa',
};

/** Every line the client logs, at every level. */
export function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const add = (level: string) => (m: string) => void lines.push(`${level} ${m}`);
  return { lines, trace: add('trace'), debug: add('debug'), info: add('info'), warn: add('warn'), error: add('error') };
}

export function makeTransport(opts: Partial<TransportOptions> = {}): Transport {
  return new Transport({
    userAgent: 'nhncloud-explorer-test/0.0.0',
    retries: { max: 2, baseDelayMs: 1, maxDelayMs: 5 },
    redactor: new Redactor(),
    ...opts,
  });
}

export function makeClient(baseUrl: string, opts: Partial<TransportOptions> = {}): RdsClient {
  return new RdsClient({ baseUrl, credentials: CREDENTIALS, transport: makeTransport(opts) });
}
