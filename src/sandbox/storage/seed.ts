// Demo content of the sandbox's object storage (region KR1, plus one bucket in KR2 and in KR4):
//   sandbox-docs     a few text objects (README.md, config.json, logs/...)
//   sandbox-archive  10,080 small JSON-lines objects under nested prefixes (logs/2026/MM/DD/)
//   sandbox-media    three generated binary objects over 8 MB (multipart-sized downloads)
// Only metadata is kept: content is generated on read from the key, deterministically.
import { createHash } from 'node:crypto';
import { generate, generatedText, type Body, type ObjectStore } from './store';

const SEEDED_AT = new Date('2026-11-01T09:00:00Z');

export const SEEDED_ARCHIVE_COUNT = 12 * 28 * 30;

/** Fills one region on its first use (see ObjectStore). */
export function seedStorage(store: ObjectStore, region: string): void {
  // KR2, and KR4 of the public-sector sites: one bucket with one object each.
  if (region === 'KR2' || region === 'KR4') {
    const bucket = store.createBucket(region, `sandbox-${region.toLowerCase()}`);
    const hello = Buffer.from(`hello from ${region}\n`);
    store.setObject(bucket, {
      key: 'hello.txt',
      size: hello.length,
      etag: etagOf(hello),
      lastModified: SEEDED_AT,
      contentType: 'text/plain',
      metadata: {},
      body: { kind: 'mem', data: hello },
    });
    return;
  }
  if (region !== 'KR1') return;
  const docs = store.createBucket('KR1', 'sandbox-docs');
  const texts: Array<[string, string, string]> = [
    [
      'README.md',
      'text/markdown',
      '# Sandbox bucket\n\nObjects here live in memory in the NHN Cloud Explorer sandbox.\nEdit, upload, copy and delete freely: nothing leaves this computer.\n',
    ],
    [
      'config.json',
      'application/json',
      JSON.stringify({ service: 'demo', replicas: 2, storage: { bucket: 'sandbox-docs', region: 'KR1' } }, null, 2) +
        '\n',
    ],
    [
      'logs/app-2026-11-20.log',
      'text/plain',
      '2026-11-20T10:00:00Z INFO started\n2026-11-20T10:00:05Z WARN slow query (2.1 s)\n2026-11-20T18:00:00Z INFO stopped\n',
    ],
    [
      'logs/app-2026-11-21.log',
      'text/plain',
      '2026-11-21T08:30:00Z INFO started\n2026-11-21T08:31:12Z ERROR connection refused by db-1\n',
    ],
  ];
  for (const [key, contentType, content] of texts) {
    const data = Buffer.from(content);
    store.setObject(docs, {
      key,
      size: data.length,
      etag: etagOf(data),
      lastModified: SEEDED_AT,
      contentType,
      metadata: {},
      body: { kind: 'mem', data },
    });
  }

  const archive = store.createBucket('KR1', 'sandbox-archive');
  for (let m = 1; m <= 12; m++)
    for (let d = 1; d <= 28; d++)
      for (let p = 0; p < 30; p++) {
        const key = `logs/2026/${pad(m, 2)}/${pad(d, 2)}/part-${pad(p, 3)}.json`;
        const size = 300 + ((m * 31 + d * 7 + p * 13) % 900);
        let etag: string | undefined;
        store.setObject(archive, {
          key,
          size,
          // Computed when first read (a listing, a HEAD): the 10,080 MD5s cost a sandbox ~70 ms
          // at its first storage request, and most sandboxes (one per unit test file) never list
          // the archive.
          get etag() {
            return (etag ??= etagOf(generatedText(key, size)));
          },
          lastModified: new Date(Date.UTC(2026, m - 1, d, 12, p)),
          contentType: 'application/json',
          metadata: {},
          body: { kind: 'gen', seed: key, size, text: true },
        });
      }

  const media = store.createBucket('KR1', 'sandbox-media');
  for (const [key, mib] of [
    ['video/intro-9mib.bin', 9],
    ['backups/db-dump-12mib.bin', 12],
    ['images/atlas-24mib.bin', 24],
  ] as const) {
    const body = { kind: 'gen' as const, seed: key, size: mib * 1024 * 1024 + 123, text: false };
    let etag: string | undefined;
    store.setObject(media, {
      key,
      size: body.size,
      // When first read, as the archive's: 45 MiB of MD5, ~80 ms.
      get etag() {
        return (etag ??= etagOfBody(body));
      },
      lastModified: SEEDED_AT,
      contentType: 'application/octet-stream',
      metadata: {},
      body,
    });
  }
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const etagOf = (data: Buffer): string => `"${createHash('md5').update(data).digest('hex')}"`;

/** MD5 of generated content, computed synchronously from its chunks (45 MiB in all: ~80 ms). */
function etagOfBody(body: Extract<Body, { kind: 'gen' }>): string {
  const h = createHash('md5');
  for (const c of generate(body, 0, body.size - 1)) h.update(c);
  return `"${h.digest('hex')}"`;
}
