// Format Document in the query console (issue 28, item 6): each statement formatted on its own in
// the server's dialect; comments, blank lines, DELIMITER lines and terminators between statements
// kept exactly; a statement the formatter cannot read left as it is; Format Selection touches only
// the statements it overlaps.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatEdits, type FormatOptions } from '../../../src/database/sqlAssist/format';

const apply = (doc: string, opts: Partial<FormatOptions> = {}) => {
  const r = formatEdits(doc, { dialect: 'mysql', tabWidth: 2, useTabs: false, ...opts });
  let out = doc;
  for (const e of [...r.edits].reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { out, unreadable: r.unreadable };
};

test('statements formatted one by one; what lies between them is kept as written', () => {
  const doc = [
    '-- orders of today',
    'select a,b from t where x=1;',
    '',
    '/* between */',
    'DELIMITER //',
    'CREATE PROCEDURE p(IN n INT) BEGIN select n; END //',
    'DELIMITER ;',
    'select 1;',
  ].join('\n');
  const { out, unreadable } = apply(doc, { dialect: 'mariadb' });
  assert.equal(unreadable, 0);
  assert.equal(
    out,
    [
      '-- orders of today',
      'select',
      '  a,',
      '  b',
      'from',
      '  t',
      'where',
      '  x = 1;',
      '',
      '/* between */',
      'DELIMITER //',
      'CREATE PROCEDURE p (IN n INT)',
      'BEGIN',
      'select',
      '  n;',
      '',
      'END //',
      'DELIMITER ;',
      'select',
      '  1;',
    ].join('\n'),
  );
  // Formatting again changes nothing.
  assert.equal(apply(out, { dialect: 'mariadb' }).out, out);
});

test('tabs when the editor uses them; Format Selection only touches the statements it overlaps', () => {
  assert.equal(apply('select a from t;', { useTabs: true }).out, 'select\n\ta\nfrom\n\tt;');
  const doc = 'select a from t;\nselect b from u;';
  const second = doc.indexOf('select b');
  assert.equal(
    apply(doc, { range: { start: second + 2, end: second + 4 } }).out,
    'select a from t;\nselect\n  b\nfrom\n  u;',
  );
});

test('a statement the formatter cannot read is left as it is, and counted', () => {
  const doc = "select 'unterminated from t;\nselect 1;";
  const { out, unreadable } = apply(doc);
  assert.equal(unreadable, 1);
  assert.ok(out.startsWith("select 'unterminated from t;"));
});
