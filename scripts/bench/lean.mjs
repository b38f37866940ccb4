// The reference clients the transfer benchmark puts beside ours, each as small as it can be:
// a lean multipart upload (undici + aws4, UNSIGNED-PAYLOAD, 8 MiB parts, 4 at once): the
// practical limit of multipart on a server; and a raw signed GET piped to a file: the practical
// limit of a download. No retries, no progress, no checks beyond the status: limits, not products.
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import aws4 from 'aws4';
import { Agent, request } from 'undici';

const PART = 8 * 1024 * 1024;
const dispatcher = new Agent({ connections: 8, bodyTimeout: 600_000, headersTimeout: 600_000 });

function signed(t, method, path, headers = {}) {
  const u = new URL(t.baseUrl);
  const basePath = u.pathname.replace(/\/+$/, '');
  const opts = aws4.sign(
    {
      host: u.host,
      path: basePath + path,
      method,
      service: 's3',
      region: t.region,
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...headers },
    },
    { accessKeyId: t.access, secretAccessKey: t.secret },
  );
  return { url: `${u.origin}${opts.path}`, headers: opts.headers };
}

async function call(t, method, path, { headers, body } = {}) {
  const s = signed(t, method, path, headers);
  const res = await request(s.url, { method, headers: s.headers, body, dispatcher });
  if (res.statusCode >= 300)
    throw new Error(`${method} ${path}: HTTP ${res.statusCode} ${(await res.body.text()).slice(0, 300)}`);
  return res;
}

export async function leanUpload(t, key, file) {
  const size = statSync(file).size;
  const path = `/${t.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const init = await (await call(t, 'POST', `${path}?uploads=`)).body.text();
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(init)[1];
  const count = Math.ceil(size / PART);
  const etags = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const start = i * PART;
      const len = Math.min(PART, size - start);
      const body = createReadStream(file, { start, end: start + len - 1, highWaterMark: 1024 * 1024 });
      const res = await call(t, 'PUT', `${path}?partNumber=${i + 1}&uploadId=${encodeURIComponent(uploadId)}`, {
        headers: { 'content-length': String(len) },
        body,
      });
      await res.body.dump();
      etags[i] = res.headers.etag;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const xml = `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
  const done = await (
    await call(t, 'POST', `${path}?uploadId=${encodeURIComponent(uploadId)}`, {
      body: xml,
      headers: { 'content-length': String(Buffer.byteLength(xml)) },
    })
  ).body.text();
  if (done.includes('<Error>')) throw new Error(`complete: ${done.slice(0, 300)}`);
}

export async function rawGet(t, key, file) {
  const res = await call(t, 'GET', `/${t.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`);
  await pipeline(res.body, createWriteStream(file, { highWaterMark: 1024 * 1024 }));
}

export const closeLean = () => dispatcher.close();
