// The storage sandbox's scale knob (benchmarks: the big bucket), over loopback HTTP.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { startSandbox } from '../../support/s3Servers';

test('storage/scale makes a bucket of N objects that lists in pages of 1,000, in key order', async () => {
  const target = await startSandbox({ seed: false });
  try {
    const url = target.baseUrl.replace(/\/storage\/kr1$/, '');
    const res = await fetch(`${url}/_sandbox/storage/scale`, {
      method: 'POST',
      body: JSON.stringify({ bucket: 'big', count: 2500 }),
    });
    assert.deepEqual(await res.json(), { bucket: 'big', objects: 2500 });
    const pages = [];
    for await (const page of target.client().listObjects({ bucket: 'big' })) pages.push(page);
    assert.deepEqual(
      pages.map((p) => p.contents.length),
      [1000, 1000, 500],
    );
    assert.equal(pages[0].contents[0].key, 'objects/object-0000.json');
    assert.equal(pages[2].contents[499].key, 'objects/object-2499.json');
    const body = await target.client().getObject('big', 'objects/object-0042.json');
    let n = 0;
    for await (const c of body.body as AsyncIterable<Buffer>) n += c.length;
    assert.equal(n, pages[0].contents[42].size);
  } finally {
    await target.close();
  }
});
