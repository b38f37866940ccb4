// The extension host's heap, read through its inspector: the memory figures' cause, where RSS
// gives only an upper bound (V8 and the allocator keep pages a collection freed).
//
// SIGUSR1 starts Node's inspector in a running process (on 127.0.0.1:9229, Node's default), so
// the extension host needs no flag at its start and runs exactly as it does for a user until the
// bench asks. One session at a time: a second process on the port would refuse to start its own.
import { setTimeout as sleep } from 'node:timers/promises';
// Node 20 has no global WebSocket; undici (a dependency) has the same class.
import { WebSocket } from 'undici';

const PORT = 9229;

/**
 * Opens an inspector session on process `pid` and answers `{ send(method, params), close() }`,
 * `send` resolving to the protocol's result (rejecting with its error).
 */
export async function inspectProcess(pid) {
  process.kill(pid, 'SIGUSR1');
  let target;
  for (let i = 0; i < 100 && !target; i++) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${PORT}/json/list`)).json();
      target = list.find((x) => x.webSocketDebuggerUrl);
    } catch {
      await sleep(100);
    }
  }
  if (!target) throw new Error(`process ${pid} opened no inspector on port ${PORT} after SIGUSR1`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', () => reject(new Error(`the inspector of process ${pid} refused the session`)), {
      once: true,
    });
  });
  let next = 1;
  const waiting = new Map();
  const listeners = new Map();
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data));
    if (msg.id !== undefined) {
      const w = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) w?.reject(new Error(`${w.method}: ${msg.error.message}`));
      else w?.resolve(msg.result);
    } else listeners.get(msg.method)?.(msg.params);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject, method });
      ws.send(JSON.stringify({ id, method, params }));
    });
  // The port answers for whichever process opened it first: make sure it is this one.
  const { result } = await send('Runtime.evaluate', { expression: 'process.pid', returnByValue: true });
  if (result?.value !== pid) {
    ws.close();
    throw new Error(`the inspector on port ${PORT} is process ${result?.value}'s, not ${pid}'s`);
  }
  return {
    send,
    on: (method, fn) => listeners.set(method, fn),
    close: async () => {
      // Closing the inspector leaves the process as it was (Node keeps the port open: harmless).
      ws.close();
    },
  };
}

/**
 * The process's own account of its memory, without a collection: `process.memoryUsage()` in MiB
 * (rss; heapTotal, what V8 has committed for its heap; heapUsed; external and arrayBuffers,
 * memory V8 objects hold outside the heap) and the committed size of each V8 heap space. The
 * share of an RSS growth that is heapTotal's is V8 keeping pages; the rest is outside V8.
 */
export async function processMemory(session) {
  const expression =
    'JSON.stringify({ usage: process.memoryUsage(), spaces: require("v8").getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]) })';
  // includeCommandLineAPI: Node's inspector offers `require` to an evaluation only with it.
  const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
    expression,
    returnByValue: true,
    includeCommandLineAPI: true,
  });
  if (exceptionDetails)
    throw new Error(`processMemory: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  const { usage, spaces } = JSON.parse(result.value);
  const mib = (n) => +(n / 2 ** 20).toFixed(1);
  return {
    ...Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, mib(v)])),
    spaces: Object.fromEntries(spaces.filter(([, size]) => size > 0).map(([name, size]) => [name, mib(size)])),
  };
}

/** Bytes of the heap in use after a full collection (what the process still holds). */
export async function heapAfterGc(session) {
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  return usedSize;
}

/**
 * A heap snapshot summarised by constructor (V8's "Summary" view): name -> { count, bytes } of
 * the objects' own sizes. Two summaries compared say what a step left behind, object by object.
 */
export async function heapSummary(session) {
  const chunks = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  const snap = JSON.parse(chunks.join(''));
  const f = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((k) => f.indexOf(k));
  const out = new Map();
  for (let i = 0; i < snap.nodes.length; i += f.length) {
    const type = types[snap.nodes[i + iType]];
    // Objects by constructor; strings, arrays and code by their kind (their names are contents).
    const name = type === 'object' || type === 'closure' ? snap.strings[snap.nodes[i + iName]] : `(${type})`;
    const e = out.get(name) ?? { count: 0, bytes: 0 };
    e.count++;
    e.bytes += snap.nodes[i + iSize];
    out.set(name, e);
  }
  return out;
}

/** What grew between two summaries, largest first: [{ name, count, bytes }] (deltas). */
export function summaryGrowth(before, after, top = 12) {
  return [...after]
    .map(([name, a]) => {
      const b = before.get(name) ?? { count: 0, bytes: 0 };
      return { name, count: a.count - b.count, bytes: a.bytes - b.bytes };
    })
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, top);
}

/**
 * Runs `fn` under the CPU profiler of the session's process (sampling every 100 µs) and answers
 * `{ result, profile }`, the profile in the `.cpuprofile` format Chrome DevTools and VS Code open.
 */
export async function cpuProfile(session, fn) {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  return profiled(fn, async () => {
    const { profile } = await session.send('Profiler.stop');
    await session.send('Profiler.disable');
    return profile;
  });
}

/** Runs `fn` with a profiler started, and `stop` it (also when `fn` fails): `{ result, profile }`. */
async function profiled(fn, stop) {
  let result;
  try {
    result = await fn();
  } catch (err) {
    await stop();
    throw err;
  }
  return { result, profile: await stop() };
}

/** A profile's call frame as the summaries name it: function, file (last two parts) and line. */
function frameName(f) {
  const file = f.url ? f.url.split('/').slice(-2).join('/') : '';
  return `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
}

/**
 * Where a profile's time went: self time by function (name, file and line), largest first, and
 * the share of samples that were idle (the process waiting: for the network, for the renderer).
 */
export function topSelf(profile, top = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++)
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const self = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, us] of dt) {
    const f = byId.get(id).callFrame;
    total += us;
    if (f.functionName === '(idle)') idle += us;
    const name = frameName(f);
    self.set(name, (self.get(name) ?? 0) + us);
  }
  return {
    totalMs: total / 1000,
    idleMs: idle / 1000,
    top: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: +(us / 1000).toFixed(1) })),
  };
}

/**
 * Runs `fn` under V8's sampling heap profiler (an allocation sampled every 32 KiB on average),
 * counting the objects collected since too, and answers `{ result, profile }`, the profile in the
 * `.heapprofile` format Chrome DevTools opens. What a step allocated, kept or not: the memory a
 * process took for its peak, where a heap snapshot shows only what it kept.
 */
export async function allocationProfile(session, fn) {
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.startSampling', {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return profiled(fn, async () => (await session.send('HeapProfiler.stopSampling')).profile);
}

/**
 * Where an allocation profile's bytes went: by function (name, file and line) that allocated
 * them, largest first, with the total.
 */
export function topAllocations(profile, top = 15) {
  const self = new Map();
  let total = 0;
  const walk = (node) => {
    const name = frameName(node.callFrame);
    total += node.selfSize;
    self.set(name, (self.get(name) ?? 0) + node.selfSize);
    for (const child of node.children ?? []) walk(child);
  };
  walk(profile.head);
  return {
    totalMiB: +(total / 2 ** 20).toFixed(1),
    top: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, bytes]) => ({ name, mib: +(bytes / 2 ** 20).toFixed(2) })),
  };
}
