// A reader of VS Code `when` clauses for the manifest tests, over the forms the manifest's
// clauses under test use: keys, `!key`, `key == 'v'`, `key != 'v'` (the value quoted or bare, as
// in `view == nhncloud.explorer`), `key =~ /regex/`, `key in setKey` (setKey's value an object
// or an array that holds the key's value, as VS Code reads it), joined by `&&` or `||` (`&&` binds
// tighter, as in VS Code; no parentheses). Anything else throws, so a new form makes
// a test be taught it rather than pass unread. VS Code compares with `==`: an unset key equals no
// value.
export function holds(clause: string, keys: Record<string, unknown>): boolean {
  return clause.split('||').some((any) =>
    any.split('&&').every((raw) => {
      const term = raw.trim();
      const cmp = /^([\w.]+)\s*(==|!=)\s*(?:'([^']*)'|([\w.-]+))$/.exec(term);
      if (cmp) return (String(keys[cmp[1]!]) === (cmp[3] ?? cmp[4])) === (cmp[2] === '==');
      const inSet = /^([\w.]+)\s+in\s+([\w.]+)$/.exec(term);
      if (inSet) {
        const set = keys[inSet[2]!];
        const v = keys[inSet[1]!];
        if (Array.isArray(set)) return set.includes(v);
        return typeof set === 'object' && set !== null && typeof v === 'string' && Object.hasOwn(set, v);
      }
      const re = /^([\w.]+)\s*=~\s*\/(.*)\/([a-z]*)$/.exec(term);
      if (re) return new RegExp(re[2]!, re[3]).test(String(keys[re[1]!] ?? ''));
      const key = /^(!?)([\w.]+)$/.exec(term);
      if (!key) throw new Error(`whenClause.ts: teach holds() the term "${term}"`);
      return Boolean(keys[key[2]!]) !== (key[1] === '!');
    }),
  );
}
