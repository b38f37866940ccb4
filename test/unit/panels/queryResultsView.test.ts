// The results grid's client-side sort and filter (webviews/queryResults/view.ts, issue 63): how
// each column type compares, NULLs, stability, the filter, rows streaming into a sorted view, and
// the time 100,000 rows take (printed, never asserted).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareDecimals,
  mergeSorted,
  nextSort,
  ResultView,
  rowComparator,
  rowMatches,
  sortKindOf,
  timeSeconds,
  type SortKind,
} from '../../../webviews/queryResults/view';
import type { Cell } from '../../../webviews/shared/grid';

const en = new Intl.Collator('en');

/** The rows' first cells, sorted by column 0 as `kind`. */
function sorted(values: Cell[], kind: SortKind, descending = false, collator = en): Cell[] {
  const rows = values.map((v) => [v]);
  const order = rows.map((_, i) => i).sort(rowComparator(rows, 0, kind, descending, collator));
  return order.map((i) => rows[i][0]);
}

describe('results view: column types', () => {
  test('types map to how they sort', () => {
    assert.equal(sortKindOf('BIGINT'), 'number');
    assert.equal(sortKindOf('DECIMAL'), 'number');
    assert.equal(sortKindOf('DOUBLE'), 'number');
    assert.equal(sortKindOf('YEAR'), 'number');
    assert.equal(sortKindOf('TIME'), 'time');
    assert.equal(sortKindOf('DATETIME'), 'date');
    assert.equal(sortKindOf('TIMESTAMP'), 'date');
    assert.equal(sortKindOf('DATE'), 'date');
    assert.equal(sortKindOf('VARCHAR'), 'text');
    assert.equal(sortKindOf('JSON'), 'text');
  });

  test('a header click goes ascending, descending, then back to the query order', () => {
    const a = nextSort(undefined, 2);
    assert.deepEqual(a, { column: 2, descending: false });
    const d = nextSort(a, 2);
    assert.deepEqual(d, { column: 2, descending: true });
    assert.equal(nextSort(d, 2), undefined);
    assert.deepEqual(nextSort(d, 0), { column: 0, descending: false });
  });

  test('decimal strings compare exactly, past double precision', () => {
    assert.equal(compareDecimals('10', '9'), 1);
    assert.equal(compareDecimals('-0.5', '0'), -1);
    assert.equal(compareDecimals('-10', '-9'), -1);
    assert.equal(compareDecimals('1.50', '1.5'), 0);
    assert.equal(compareDecimals('007', '7'), 0);
    assert.equal(compareDecimals('-0.00', '0'), 0);
    assert.equal(compareDecimals('9007199254740993', '9007199254740992'), 1);
    assert.equal(compareDecimals('0.10000000000000000001', '0.1'), 1);
    assert.equal(compareDecimals('abc', '1'), undefined);
  });

  test('numbers sort as numbers (strings of DECIMAL and BIGINT too), NULL last ascending', () => {
    assert.deepEqual(sorted(['10', null, '9', '-1.5', 2, '100.25'], 'number'), ['-1.5', 2, '9', '10', '100.25', null]);
    assert.deepEqual(sorted(['10', null, '9', '-1.5', 2], 'number', true), [null, '10', '9', 2, '-1.5']);
    // BIGINT values a double cannot tell apart.
    assert.deepEqual(sorted(['9223372036854775807', '9223372036854775806', '-9223372036854775808'], 'number'), [
      '-9223372036854775808',
      '9223372036854775806',
      '9223372036854775807',
    ]);
  });

  test('times sort by their signed duration, dates by their time', () => {
    assert.equal(timeSeconds('-01:00:00'), -3600);
    assert.equal(timeSeconds('838:59:59.5'), 838 * 3600 + 3599.5);
    assert.deepEqual(sorted(['100:00:00', '9:00:00', '-01:00:00', '00:30:00'], 'time'), [
      '-01:00:00',
      '00:30:00',
      '9:00:00',
      '100:00:00',
    ]);
    assert.deepEqual(sorted(['2026-12-07 10:00:00', null, '2025-01-31 23:59:59.5', '2026-02-01 00:00:00'], 'date'), [
      '2025-01-31 23:59:59.5',
      '2026-02-01 00:00:00',
      '2026-12-07 10:00:00',
      null,
    ]);
  });

  test("text sorts by the display language's collation, not code order", () => {
    assert.deepEqual(sorted(['banana', 'Cherry', 'apple', 'Éclair', 'eclair'], 'text'), [
      'apple',
      'banana',
      'Cherry',
      'eclair',
      'Éclair',
    ]);
    assert.deepEqual(sorted(['하늘', '가방', '나무'], 'text', false, new Intl.Collator('ko')), [
      '가방',
      '나무',
      '하늘',
    ]);
  });

  test('equal values keep the query order, ascending and descending', () => {
    const rows: Cell[][] = [
      ['b', 1],
      ['a', 2],
      ['b', 3],
      ['a', 4],
    ];
    for (const descending of [false, true]) {
      const order = [0, 1, 2, 3].sort(rowComparator(rows, 0, 'text', descending, en));
      assert.deepEqual(order, descending ? [0, 2, 1, 3] : [1, 3, 0, 2]);
    }
  });
});

describe('results view: filter', () => {
  test('any cell that contains the text, without case, as the grid writes it', () => {
    assert.equal(rowMatches(['Seoul', 12], 'seo'), true);
    assert.equal(rowMatches(['Seoul', 12], '12'), true);
    assert.equal(rowMatches([null, 'x'], 'null'), true);
    assert.equal(rowMatches(['서울', 'x'], '서'), true);
    // Never across two cells.
    assert.equal(rowMatches(['ab', 'cd'], 'bc'), false);
  });

  test('a view keeps the rows that match, says how many, and a narrower filter filters what is shown', () => {
    const rows: Cell[][] = [['Alpha'], ['beta'], ['ALPHABET'], [null]];
    const view = new ResultView(rows, ['VARCHAR'], en);
    assert.equal(view.order, undefined);
    assert.equal(view.length, 4);
    view.set({ filter: 'al' });
    assert.deepEqual(view.order, [0, 2]);
    view.set({ filter: 'alphab' });
    assert.deepEqual(view.order, [2]);
    view.set({ filter: 'zz' });
    assert.equal(view.length, 0);
    view.set({ filter: '' });
    assert.equal(view.order, undefined);
    assert.equal(view.rowAt(3), 3);
  });

  test('a narrower filter after rows came in still looks at those rows', () => {
    const rows: Cell[][] = [['alpha']];
    const view = new ResultView(rows, ['VARCHAR'], en);
    view.set({ filter: 'al' });
    rows.push(['alps']);
    view.set({ filter: 'alp' });
    assert.deepEqual(view.order, [0, 1]);
  });

  test('a filter and a sort together', () => {
    const rows: Cell[][] = [
      ['x', '3'],
      ['y', '1'],
      ['x', '2'],
      ['x', null],
    ];
    const view = new ResultView(rows, ['VARCHAR', 'INT'], en);
    view.set({ filter: 'x', sort: { column: 1, descending: false } });
    assert.deepEqual(view.order, [2, 0, 3]);
    view.set({ filter: 'x', sort: { column: 1, descending: true } });
    assert.deepEqual(view.order, [3, 0, 2]);
  });
});

describe('results view: rows streaming in', () => {
  /** Every order the full sort gives, from rows that came in batches after the sort was set. */
  function streamed(values: Cell[], batch: number, spec: Parameters<ResultView['set']>[0]): number[] {
    const rows: Cell[][] = [];
    const view = new ResultView(rows, ['INT'], en);
    view.set(spec);
    for (let i = 0; i < values.length; i += batch) {
      for (const v of values.slice(i, i + batch)) rows.push([v]);
      view.update();
    }
    return view.order ?? [];
  }

  test('rows that arrive while sorted or filtered go into place', () => {
    const values: Cell[] = Array.from({ length: 500 }, (_, i) => (i % 17 === 0 ? null : String((i * 7919) % 101)));
    for (const spec of [
      { filter: '', sort: { column: 0, descending: false } },
      { filter: '', sort: { column: 0, descending: true } },
      { filter: '5', sort: { column: 0, descending: false } },
      { filter: '5' },
    ]) {
      const all = new ResultView(
        values.map((v) => [v]),
        ['INT'],
        en,
      );
      all.set(spec);
      for (const batch of [1, 7, 64])
        assert.deepEqual(streamed(values, batch, spec), all.order, `${JSON.stringify(spec)} in batches of ${batch}`);
    }
  });

  test('a merge puts each new row after the equal ones already shown', () => {
    const rows: Cell[][] = [['a'], ['b'], ['a'], ['b']];
    const cmp = rowComparator(rows, 0, 'text', false, en);
    assert.deepEqual(mergeSorted([0, 1], [2, 3], cmp), [0, 2, 1, 3]);
    assert.deepEqual(mergeSorted([], [2, 3], cmp), [2, 3]);
  });
});

describe('results view: 100,000 rows', () => {
  const N = 100_000;
  const words = ['서울', 'Busan', 'apple', 'Zebra', 'éclair', 'ナゴヤ', 'delta', 'Echo'];
  const rows: Cell[][] = Array.from({ length: N }, (_, i) => [
    i % 50 === 0 ? null : String((i * 2654435761) % 1_000_003),
    `${words[i % words.length]} ${(i * 31) % 9973}`,
    `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
    i % 7 === 0 ? null : `${(i * 13) % 1000}.${i % 100}`,
  ]);
  const types = ['BIGINT', 'VARCHAR', 'DATETIME', 'DECIMAL'];

  test('sort and filter answer, each timed', () => {
    const time = (label: string, spec: Parameters<ResultView['set']>[0], check: (view: ResultView) => void) => {
      const view = new ResultView(rows, types, new Intl.Collator('en'));
      // Wall time, and this process's CPU time (what the sort costs when the machine is shared).
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      view.set(spec);
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      console.log(
        `# ${label} over 100,000 rows: ${ms.toFixed(1)} ms (${((cpu.user + cpu.system) / 1000).toFixed(1)} ms of CPU)`,
      );
      check(view);
    };
    const ascending = (column: number, kind: SortKind) => (view: ResultView) => {
      const cmp = rowComparator(rows, column, kind, false, new Intl.Collator('en'));
      assert.equal(view.length, N);
      for (let i = 1; i < N; i++) assert.ok(cmp(view.rowAt(i - 1), view.rowAt(i)) < 0, `rows ${i - 1} and ${i}`);
    };
    time('sort by a BIGINT column', { filter: '', sort: { column: 0, descending: false } }, ascending(0, 'number'));
    time('sort by a text column', { filter: '', sort: { column: 1, descending: false } }, ascending(1, 'text'));
    time('sort by a DATETIME column', { filter: '', sort: { column: 2, descending: false } }, ascending(2, 'date'));
    time('sort by a DECIMAL column', { filter: '', sort: { column: 3, descending: false } }, ascending(3, 'number'));
    time('filter', { filter: 'busan 1' }, (view) => {
      assert.ok(view.length > 0 && view.length < N / 8);
      for (let i = 0; i < view.length; i++) assert.match(String(rows[view.rowAt(i)][1]), /^Busan 1/);
    });
    time('filter that matches nothing', { filter: 'no such text' }, (view) => assert.equal(view.length, 0));
  });

  test('rows streaming into a sorted view, 1,000 at a time', () => {
    const streamedRows: Cell[][] = [];
    const view = new ResultView(streamedRows, types, new Intl.Collator('en'));
    view.set({ filter: '', sort: { column: 1, descending: false } });
    let slowest = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i += 1000) {
      for (let j = i; j < i + 1000; j++) streamedRows.push(rows[j]);
      const t = performance.now();
      view.update();
      slowest = Math.max(slowest, performance.now() - t);
    }
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `# 100 batches of 1,000 rows into a text sort: ${ms.toFixed(1)} ms in all (${((cpu.user + cpu.system) / 1000).toFixed(1)} ms of CPU), slowest batch ${slowest.toFixed(1)} ms`,
    );
    const all = new ResultView(rows, types, new Intl.Collator('en'));
    all.set({ filter: '', sort: { column: 1, descending: false } });
    assert.deepEqual(view.order, all.order);
  });
});
