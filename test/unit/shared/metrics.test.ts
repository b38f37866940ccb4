// The one table of RDS measures (src/shared/metrics.ts) the metrics panel and the tree share: names
// in words, values in the largest unit they reach (issue 63: "DISK_READ 275208 Bytes").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatMetricValue, measureLabel, measureName } from '../../../src/shared/metrics';

test('values read scaled: bytes by 1024, bits per second by 1000, megabytes as bytes are', () => {
  assert.equal(formatMetricValue('275208', 'Bytes'), '268.8 KB');
  assert.equal(formatMetricValue('1023', 'Bytes'), '1023 B');
  assert.equal(formatMetricValue('607067', 'bps'), '607.1 kbps');
  assert.equal(formatMetricValue('1800000', 'bps'), '1.8 Mbps');
  assert.equal(formatMetricValue('2410', 'MB'), '2.4 GB');
  assert.equal(formatMetricValue('41.52', '%'), '41.5 %');
  assert.equal(formatMetricValue('0.25', 'sec'), '0.25 s');
  assert.equal(formatMetricValue('48', 'count'), '48');
  assert.equal(formatMetricValue('0.6', ''), '0.60');
});

test('what the service sends that is no number, or in a unit the table does not know, is shown as it came', () => {
  assert.equal(formatMetricValue('n/a', 'Bytes'), 'n/a');
  assert.equal(formatMetricValue('', 'Bytes'), '');
  assert.equal(formatMetricValue('12', 'IOPS'), '12 IOPS');
  assert.equal(measureName('NEW_MEASURE'), 'NEW_MEASURE');
});

test('names in words, with the unit in a chart title', () => {
  assert.equal(measureName('DISK_READ'), 'Disk reads');
  assert.equal(measureLabel('DISK_READ', 'Bytes'), 'Disk reads (bytes)');
  assert.equal(measureLabel('DATABASE_CONN', 'count'), 'Connections');
});
