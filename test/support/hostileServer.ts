// A loopback HTTP server that lies (test harness, not a test file): each request is handed to the
// test's handler with the raw response, so a test can answer forever, drip a byte at a time or
// page in circles. Real sockets, no mocked fetch; `close()` ends every connection it still holds.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileServer {
  url: string;
  /** The URL of every request, in order. */
  requests: URL[];
  close(): Promise<void>;
}

export async function startHostile(
  handler: (url: URL, res: http.ServerResponse, index: number) => void,
): Promise<HostileServer> {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push(url);
      handler(url, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Writes `chunk` every `everyMs` until the client goes away (or `times` chunks were written, then
 * `end` and the end of the answer). The headers go at once.
 */
export function drip(
  res: http.ServerResponse,
  opts: { chunk: string | Buffer; everyMs: number; headers?: http.OutgoingHttpHeaders; times?: number; end?: string },
): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream', ...opts.headers });
  res.flushHeaders();
  let written = 0;
  const timer = setInterval(() => {
    if (res.destroyed || res.writableEnded) return clearInterval(timer);
    if (opts.times !== undefined && written >= opts.times) {
      clearInterval(timer);
      res.end(opts.end ?? '');
      return;
    }
    written++;
    res.write(opts.chunk);
  }, opts.everyMs);
  timer.unref();
  // close() ends every connection, and with it this answer.
  res.on('close', () => clearInterval(timer));
}
