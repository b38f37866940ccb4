// The Swift test server helper (test/support/swift.mjs): it says what to install when Swift is
// missing, stop() leaves none of the processes it started running, and the accounts it leases to
// the test files of a run that shares one Swift keep those files apart.
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Transport } from '../../../src/client/http/transport';
import { S3Client } from '../../../src/client/storage/client';
import { leaseSwift, SHARED_SWIFT_ENV, startSwift, swiftMissing, type SwiftServer } from '../../support/swift.mjs';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the Swift test server helper', () => {
  it('names every Debian package to install when nothing is found', () => {
    const message = swiftMissing(['/nonexistent-folder']);
    assert.ok(message, 'a message');
    const all = ['swift', 'swift-proxy', 'swift-account', 'swift-container', 'swift-object', 'memcached'];
    assert.deepEqual(/missing: ([^)]*)\)/.exec(message)?.[1].split(', '), all, 'each missing package named');
    assert.ok(message.includes(`apt-get install -y ${all.join(' ')}`), 'the command to run');
  });

  it('starts five processes that answer S3, and stop() ends every one of them and removes its folder', async () => {
    const missing = swiftMissing();
    if (missing) assert.fail(missing);
    const swift = await startSwift({ accounts: 2 });
    try {
      assert.equal(swift.pids.length, 5);
      assert.ok(swift.pids.every(alive), 'all running');
      // A request with a wrong signature reaches s3api and tempauth: an S3 error naming it.
      const res = await fetch(`${swift.endpoint}/`, {
        headers: { authorization: `AWS ${swift.accessKey}:bm90LWEtc2lnbmF0dXJl`, date: new Date().toUTCString() },
      });
      assert.match(await res.text(), /<Code>SignatureDoesNotMatch<\/Code>/);
      await leasesKeepFilesApart(swift);
    } finally {
      await swift.stop();
    }
    assert.deepEqual(swift.pids.filter(alive), [], 'no process left behind');
    assert.equal(existsSync(swift.dir), false, 'its temporary folder is gone');
  });
});

/**
 * Two files of a run that shares `swift` (two leases, as two test processes would take them): each
 * gets an account of its own, and a bucket and object of the first are not seen by the second,
 * which starts empty as on a server of its own. Then no account is left to lease again.
 */
async function leasesKeepFilesApart(swift: SwiftServer): Promise<void> {
  const before = process.env[SHARED_SWIFT_ENV];
  process.env[SHARED_SWIFT_ENV] = JSON.stringify({
    endpoint: swift.endpoint,
    region: swift.region,
    dir: swift.dir,
    accounts: 2,
  });
  const transport = new Transport({ userAgent: 'nhncloud-explorer-tests', retries: { max: 1, baseDelayMs: 20 } });
  try {
    const client = (s: SwiftServer) =>
      new S3Client({
        baseUrl: s.endpoint,
        accessKey: s.accessKey,
        secretKey: s.secretKey,
        signingRegion: s.region,
        transport,
      });
    const first = await leaseSwift();
    const second = await leaseSwift();
    assert.deepEqual([first.accessKey, second.accessKey], ['lease1:tester', 'lease2:tester']);
    assert.equal(first.endpoint, swift.endpoint, 'the shared server, not one of its own');
    assert.deepEqual(first.pids, [], 'a lease starts no process');
    await client(first).createBucket('left-by-the-first-file');
    await client(first).putObject('left-by-the-first-file', 'state.txt', new TextEncoder().encode('x'));
    assert.deepEqual(
      (await client(first).listBuckets()).buckets.map((b) => b.name),
      ['left-by-the-first-file'],
    );
    assert.deepEqual((await client(second).listBuckets()).buckets, [], 'the second file sees nothing of the first');
    await assert.rejects(client(second).headObject('left-by-the-first-file', 'state.txt'), 'nor its object');
    assert.throws(() => mkdirSync(join(swift.dir, 'leases', '1')), /EEXIST/, 'a leased account is never given again');
  } finally {
    await transport.close();
    if (before === undefined) delete process.env[SHARED_SWIFT_ENV];
    else process.env[SHARED_SWIFT_ENV] = before;
  }
}
