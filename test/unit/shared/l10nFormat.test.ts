// Event messages follow the display language (falling back to English), and the vscode-free
// translator, dates and sizes follow the bundle and language they are given.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventMessage } from '../../../src/rds/tree/state';
import { formatDateTime, formatNumber, l10n, plural, setL10nBundle } from '../../../src/shared/l10n';

const event = {
  eventCode: 'INSTANCE_STARTED',
  messages: [
    { langCode: 'EN', message: 'DB instance started' },
    { langCode: 'KO', message: 'DB 인스턴스가 시작되었습니다' },
    { langCode: 'JA', message: 'DBインスタンスが起動しました' },
    { langCode: 'ZH', message: '数据库实例已启动' },
  ],
};

test('an event shows its message in the display language, else in English, else its code', () => {
  assert.equal(eventMessage(event, 'ko'), 'DB 인스턴스가 시작되었습니다');
  assert.equal(eventMessage(event, 'ja'), 'DBインスタンスが起動しました');
  assert.equal(eventMessage(event, 'zh-cn'), '数据库实例已启动');
  assert.equal(eventMessage(event, 'en'), 'DB instance started');
  assert.equal(eventMessage(event, 'de'), 'DB instance started');
  assert.equal(
    eventMessage({ ...event, messages: event.messages.filter((m) => m.langCode !== 'KO') }, 'ko'),
    'DB instance started',
  );
  assert.equal(eventMessage({ eventCode: 'X', messages: [] }, 'ko'), 'X');
});

test('the vscode-free translator uses the bundle it is given, fills {0} and falls back to English', () => {
  try {
    setL10nBundle({ 'Delete {0}?': '{0}을(를) 삭제할까요?' }, 'ko');
    assert.equal(l10n.t('Delete {0}?', 'db01'), 'db01을(를) 삭제할까요?');
    assert.equal(l10n.t('Not translated {0}', 1), 'Not translated 1');
    assert.equal(
      formatNumber(1234.56),
      new Intl.NumberFormat('ko', { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(
        1234.56,
      ),
    );
    const d = new Date(Date.UTC(2026, 10, 21, 6, 4));
    assert.equal(
      formatDateTime(d),
      new Intl.DateTimeFormat('ko', { dateStyle: 'medium', timeStyle: 'short' }).format(d),
    );
    setL10nBundle(undefined, 'de');
    assert.equal(formatNumber(1234.5), '1234,5');
  } finally {
    setL10nBundle(undefined, 'en');
  }
});

test('plural: the first sentence for exactly 1, the second for every other count', () => {
  assert.deepEqual(
    [0, 1, 2, 1000].map((n) => plural(n, `${n} file`, `${n} files`)),
    ['0 files', '1 file', '2 files', '1000 files'],
  );
});
