// The Swift test server helper (test/support/swift.mjs): it says what to install when Swift is
// missing, and stop() leaves none of the processes it started running.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { startSwift, swiftMissing } from '../../support/swift.mjs';

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
    const swift = await startSwift();
    try {
      assert.equal(swift.pids.length, 5);
      assert.ok(swift.pids.every(alive), 'all running');
      // A request with a wrong signature reaches s3api and tempauth: an S3 error naming it.
      const res = await fetch(`${swift.endpoint}/`, {
        headers: { authorization: `AWS ${swift.accessKey}:bm90LWEtc2lnbmF0dXJl`, date: new Date().toUTCString() },
      });
      assert.match(await res.text(), /<Code>SignatureDoesNotMatch<\/Code>/);
    } finally {
      await swift.stop();
    }
    assert.deepEqual(swift.pids.filter(alive), [], 'no process left behind');
    assert.equal(existsSync(swift.dir), false, 'its temporary folder is gone');
  });
});
