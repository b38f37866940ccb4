// The sandbox wiring of log export: an RDS log-file export job writes the log into the storage
// sandbox's bucket, where the S3 client reads it back (what "Export Log Files..." then opens).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index';
import { RdsClient } from '../../../src/client/rds/client';
import { waitForJob } from '../../../src/client/rds/jobs';
import { S3Client } from '../../../src/client/storage/client';
import { Transport } from '../../../src/client/http/transport';
import { Redactor, silentLogger } from '../../../src/client/http/redact';
import { exportedKey } from '../../../src/storage/keys';

describe('sandbox: RDS log export lands in object storage', () => {
  let sb: Sandbox;
  let transport: Transport;
  before(async () => {
    sb = await startSandbox({ timeScale: 5 });
    transport = new Transport({ userAgent: 'test', logger: silentLogger, redactor: new Redactor() });
  });
  after(async () => {
    await transport.close();
    await sb.close();
  });

  it('exports a log file and the S3 client reads its content', async () => {
    const p = sb.sandboxProfile();
    const s = p.secrets;
    const rds = new RdsClient({
      baseUrl: p.endpoints.rds.replace('{region}', 'kr1'),
      credentials: { appKey: s.rdsAppKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: s.rdsSecretAccessKey! },
      transport,
    });
    const list: any = await rds.listDbInstances();
    const inst = (list.dbInstances as any[]).find((i) => i.dbInstanceStatus === 'AVAILABLE');
    assert.ok(inst, 'a seeded AVAILABLE instance');
    const logs: any = await rds.listLogFiles({ dbInstanceId: inst.dbInstanceId });
    const name: string = logs.logFiles[0].logFileName;
    const path = `rds-logs/${inst.dbInstanceName}/2024-01-01/`;
    const res: any = await rds.exportLogFiles({
      dbInstanceId: inst.dbInstanceId,
      body: {
        logFileNames: [name],
        tenantId: s.storageTenantId!,
        username: s.identityUsername!,
        password: s.identityApiPassword!,
        targetContainer: 'exported-logs',
        objectPath: path,
      },
    });
    const job = await waitForJob(rds, res.jobId, { initialDelayMs: 20, maxDelayMs: 50, timeoutMs: 20_000 });
    assert.equal(job.jobStatus, 'COMPLETED');
    const s3 = new S3Client({
      baseUrl: p.endpoints.storage.replace('{region}', 'kr1'),
      accessKey: s.s3AccessKey!,
      secretKey: s.s3SecretKey!,
      transport,
    });
    const obj = await s3.getObject('exported-logs', exportedKey(path, name));
    let text = '';
    for await (const c of obj.body) text += String(c);
    assert.ok(text.length > 0, 'the exported log has content');
    assert.equal(obj.contentType?.split(';')[0], 'text/plain');
  });
});
