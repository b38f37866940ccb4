// Folder transfers: a folder of 2,000 files of 4 to 64 KB (fixed seed, 20 subfolders) and one of
// 20 files of 50 MiB, uploaded and downloaded by ours (the engine of Upload Folder / Download,
// in a fresh process: folderWorker.mjs), `rclone copy` and `aws s3 cp --recursive` (their
// defaults, ./peers.mjs), against the sandbox and s3rver, each server in its own process.
// After every run the bytes are compared: an upload's listing must hold every key with its size
// and, for single-part objects, the MD5 of the file as ETag; a download's files must have the
// MD5 of their source. No incomplete multipart upload may remain (where the server can list
// them: the sandbox; s3rver cannot). A peer that cannot run on a server is reported with why.
// Our small-file concurrency is swept (SWEEP) on the small folder: the default of
// nhncloud.storage.smallFileConcurrency is chosen from these rows.
import { createHash, randomFillSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { MiB, ROOT, serverFailed, settle, startNode, stats } from './lib.mjs';
import { defaultServers, swiftWhy } from './servers.mjs';
import { ensurePeerTools, peerCommand, peerConfig, runPeer } from './peers.mjs';

const SEED = 20261124;
const SWEEP = [4, 16, 32];
const LARGE_FILES_AT_ONCE = 4;

/** mulberry32: a small seeded generator, so the small folder is the same on every machine. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeSmallFolder(dir) {
  const random = seeded(SEED);
  for (let i = 0; i < 2000; i++) {
    const sub = join(dir, `dir-${String(i % 20).padStart(2, '0')}`);
    mkdirSync(sub, { recursive: true });
    const size = 4096 + Math.floor(random() * (64 * 1024 - 4096 + 1));
    const body = Buffer.allocUnsafe(size);
    for (let o = 0; o + 4 <= size; o += 4) body.writeUInt32LE((random() * 4294967296) >>> 0, o);
    for (let o = size - (size % 4); o < size; o++) body[o] = (random() * 256) | 0;
    writeFileSync(join(sub, `file-${String(i).padStart(4, '0')}.bin`), body);
  }
}

function makeLargeFolder(dir) {
  mkdirSync(dir, { recursive: true });
  const buf = Buffer.allocUnsafe(50 * MiB);
  for (let i = 0; i < 20; i++) writeFileSync(join(dir, `part-${String(i).padStart(2, '0')}.bin`), randomFillSync(buf));
}

function walk(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** relative path ('/'-separated) -> {md5, size} of every file below `dir`. */
function digest(dir) {
  const out = new Map();
  for (const f of walk(dir)) {
    const body = readFileSync(f);
    out.set(relative(dir, f).split('\\').join('/'), {
      md5: createHash('md5').update(body).digest('hex'),
      size: body.length,
    });
  }
  return out;
}

function compareLocal(dir, expected, who) {
  const got = digest(dir);
  if (got.size !== expected.size) throw new Error(`${who}: ${got.size} files downloaded, expected ${expected.size}`);
  for (const [rel, e] of expected) {
    const g = got.get(rel);
    if (!g) throw new Error(`${who}: ${rel} missing after download`);
    if (g.md5 !== e.md5) throw new Error(`${who}: ${rel} differs after download (MD5 ${g.md5}, expected ${e.md5})`);
  }
}

async function compareRemote(s3, bucket, prefix, expected, who) {
  const seen = new Map();
  for await (const page of s3.listObjects({ bucket, prefix }))
    for (const o of page.contents) seen.set(o.key.slice(prefix.length), o);
  if (seen.size !== expected.size)
    throw new Error(`${who}: ${seen.size} objects after upload, expected ${expected.size}`);
  for (const [rel, e] of expected) {
    const o = seen.get(rel);
    if (!o) throw new Error(`${who}: ${rel} missing after upload`);
    if (o.size !== e.size) throw new Error(`${who}: ${rel} has ${o.size} bytes after upload, expected ${e.size}`);
    const etag = String(o.etag ?? '').replace(/"/g, '');
    if (!etag.includes('-') && etag !== e.md5)
      throw new Error(`${who}: ${rel} differs after upload (ETag ${etag}, MD5 ${e.md5})`);
  }
  return [...seen.keys()].map((rel) => prefix + rel);
}

async function noOpenUploads(s3, bucket, canList, who) {
  if (!canList) return;
  const open = await s3.listMultipartUploads(bucket);
  if (open.uploads.length)
    throw new Error(`${who}: ${open.uploads.length} incomplete multipart upload(s) left (${open.uploads[0].key})`);
}

/**
 * Removes what an upload run stored, between runs. s3rver 5.0.0 deletes the keys of one
 * DeleteObjects in parallel and then prunes empty folders, which races (HTTP 500 InternalError
 * when keys share a folder: a whole s3rver folder figure was lost to it), so there the keys go
 * one by one, 16 at a time.
 */
async function removeKeys(s3, bucket, keys, server) {
  if (server !== 's3rver') {
    for (let i = 0; i < keys.length; i += 1000) await s3.deleteObjects(bucket, keys.slice(i, i + 1000));
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next < keys.length) await s3.deleteObject(bucket, keys[next++]);
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

export async function benchFolders({
  lib,
  runs = 3,
  // log before servers: a default is evaluated in order, and servers' reads log.
  log = console.error,
  servers = defaultServers(log),
  sets: wanted = ['small', 'large'],
  /** The peers to run beside ours (default rclone and the AWS CLI). */
  peerNames = ['rclone', 'aws'],
  /** Ours at the other small-file concurrencies of SWEEP too. */
  sweep = true,
  settleMs = 1000,
}) {
  const { S3Client, Transport, SMALL_FILE_CONCURRENCY } = createRequire(import.meta.url)(lib);
  const work = mkdtempSync(join(tmpdir(), 'nhncloud-bench-folders-'));
  const worker = join(ROOT, 'scripts/bench/folderWorker.mjs');
  let peers = peerNames;
  let peersMissing;
  try {
    if (peers.length) ensurePeerTools(log);
  } catch (err) {
    peers = [];
    peersMissing = String(err.message);
  }
  const all = {
    small: { dir: join(work, 'small'), make: makeSmallFolder, label: '2,000 files of 4-64 KB' },
    large: { dir: join(work, 'large'), make: makeLargeFolder, label: '20 files of 50 MiB' },
  };
  const sets = Object.fromEntries(Object.entries(all).filter(([k]) => wanted.includes(k)));
  const result = { smallFileConcurrency: SMALL_FILE_CONCURRENCY, sweep: SWEEP, peersMissing, sets: {} };
  try {
    for (const [name, set] of Object.entries(sets)) {
      set.make(set.dir);
      set.expected = digest(set.dir);
      set.bytes = [...set.expected.values()].reduce((s, e) => s + e.size, 0);
      result.sets[name] = { label: set.label, files: set.expected.size, bytes: set.bytes };
    }
    for (const server of servers) {
      try {
        const srv = await startNode([join(ROOT, 'scripts/bench/transferServer.mjs'), server, lib]);
        const conf = peerConfig(srv.info);
        const transport = new Transport({ userAgent: 'nhncloud-bench' });
        const t = srv.info;
        const s3 = new S3Client({
          baseUrl: t.baseUrl,
          accessKey: t.access,
          secretKey: t.secret,
          signingRegion: t.region,
          transport,
        });
        // s3rver answers no ListMultipartUploads; the sandbox and Swift's s3api do.
        const canList = server !== 's3rver';
        const out = {};
        const failedPeers = {};
        try {
          for (const [name, set] of Object.entries(sets)) {
            const clients =
              name === 'small'
                ? [
                    'ours',
                    ...(sweep ? SWEEP.filter((n) => n !== SMALL_FILE_CONCURRENCY).map((n) => `ours@${n}`) : []),
                    ...peers,
                  ]
                : ['ours', ...peers];
            const raw = {
              up: Object.fromEntries(clients.map((c) => [c, []])),
              down: Object.fromEntries(clients.map((c) => [c, []])),
            };
            // The source of the downloads, put there once by ours (untimed) and checked.
            const srcPrefix = `${name}/source/`;
            const seed = await runPeer(
              [
                process.execPath,
                worker,
                JSON.stringify({
                  lib,
                  target: t,
                  op: 'upDir',
                  dir: set.dir,
                  prefix: srcPrefix,
                  small: SMALL_FILE_CONCURRENCY,
                  large: LARGE_FILES_AT_ONCE,
                }),
              ],
              process.env,
            );
            void seed;
            await compareRemote(s3, t.bucket, srcPrefix, set.expected, 'seed upload');
            const transfer = async (client, op, run) => {
              const [tool, at] = client.split('@');
              const small = at ? Number(at) : SMALL_FILE_CONCURRENCY;
              const local = op === 'upDir' ? set.dir : join(work, `down-${client}`);
              const prefix = op === 'upDir' ? `${name}/${client}/run${run}/` : srcPrefix;
              const cmd =
                tool === 'ours'
                  ? [
                      process.execPath,
                      worker,
                      JSON.stringify({ lib, target: t, op, dir: local, prefix, small, large: LARGE_FILES_AT_ONCE }),
                    ]
                  : peerCommand(tool, op, { target: t, local, key: prefix });
              try {
                const r = await runPeer(cmd, tool === 'ours' ? process.env : conf.env);
                if (op === 'upDir')
                  await removeKeys(
                    s3,
                    t.bucket,
                    await compareRemote(s3, t.bucket, prefix, set.expected, client),
                    server,
                  );
                else compareLocal(local, set.expected, client);
                await noOpenUploads(s3, t.bucket, canList, client);
                return { ...r, mbps: set.bytes / 1e6 / (r.ms / 1000) };
              } finally {
                if (op === 'downDir') rmSync(local, { recursive: true, force: true });
              }
            };
            for (let run = 0; run < runs; run++) {
              for (const op of ['upDir', 'downDir']) {
                for (let i = 0; i < clients.length; i++) {
                  const client = clients[(i + run) % clients.length];
                  const key = `${op}:${client}`;
                  if (failedPeers[`${name}:${key}`]) continue;
                  await settle(settleMs);
                  try {
                    const r = await transfer(client, op, run);
                    raw[op === 'upDir' ? 'up' : 'down'][client].push(r);
                    log(
                      `  ${server} ${name} run ${run + 1} ${op === 'upDir' ? 'upload' : 'download'} ${client}: ${(r.ms / 1000).toFixed(2)} s, ${r.mbps.toFixed(1)} MB/s, cpu ${(r.cpuMs / 1000).toFixed(2)} s`,
                    );
                  } catch (err) {
                    // Ours failing fails the figure; a peer that cannot do this on this server is
                    // reported with its error and not tried again.
                    if (client.startsWith('ours')) throw err;
                    failedPeers[`${name}:${key}`] = String(err.message).split('\n').slice(0, 3).join(' ').slice(0, 300);
                    log(`  ${server} ${name} ${op} ${client} FAILED: ${failedPeers[`${name}:${key}`]}`);
                  }
                }
              }
            }
            const summary = (list) => ({
              s: stats(list.map((r) => r.ms / 1000)),
              mbps: stats(list.map((r) => r.mbps)),
              cpuS: stats(list.map((r) => r.cpuMs / 1000)),
              peakRssMB: stats(list.map((r) => r.peakRssMB)),
            });
            // Speed ratio within a run: the peer's time over ours.
            const ratio = (a, b) =>
              a.length && b.length === a.length ? stats(a.map((r, i) => b[i].ms / r.ms)) : undefined;
            out[name] = {
              upload: Object.fromEntries(clients.filter((c) => raw.up[c].length).map((c) => [c, summary(raw.up[c])])),
              download: Object.fromEntries(
                clients.filter((c) => raw.down[c].length).map((c) => [c, summary(raw.down[c])]),
              ),
              ratios: Object.fromEntries(
                peers
                  .flatMap((p) => [
                    [`uploadVs_${p}`, ratio(raw.up.ours, raw.up[p])],
                    [`downloadVs_${p}`, ratio(raw.down.ours, raw.down[p])],
                  ])
                  .filter(([, v]) => v),
              ),
            };
            await removeKeys(
              s3,
              t.bucket,
              await compareRemote(s3, t.bucket, srcPrefix, set.expected, 'source'),
              server,
            );
          }
        } finally {
          await transport.close();
          conf.remove();
          await srv.stop();
        }
        result[server] = { ...out, failedPeers, multipartChecked: canList };
      } catch (err) {
        // One server's failure costs its own rows, not the other servers' figures.
        result[server] = serverFailed(log, server, err);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { runs, swiftMissing: swiftWhy(), ...result };
}
