// ESLint rule `nhncloud/counts-plural`: a message that counts something goes through `plural()`
// of src/shared/l10n.ts (issue 63, defect 5: "1 staged changes", "1 matches in 10 keys",
// "Reading the metadata of 1 objects", "Apply 1 changes to 1 object").
//
// A message counts when a placeholder stands before a noun in the plural, with at most two words
// between ("{0} staged changes", "{1} matches", "of {0} objects"). Such an `l10n.t(...)` call must be
// the `one` or `other` argument of a `plural(count, one, other)` call, one plural() per counted
// placeholder (nested plural() calls for two counts: "Apply 1 changes to 1 object" had one), so that a count of 1 reads "1 staged change". A range ("1 to {0} characters",
// "{0} to {1} minutes") is always plural and is not reported.
// test/unit/shared/countsPlural.test.ts proves it reports each form and stays silent on the rest.

import { isL10nCall, unwrap } from './astHelpers.mjs';

/**
 * Words that end in "s" but are no plural noun: verbs after a name ("{0} takes a number", "{0}
 * holds no file"), units ("{0} ms") and the like. A new verb after a placeholder joins this list.
 */
const NOT_PLURAL = new Set(
  (
    'is was has does its this us as yes always across less address access process class status alias plus ' +
    'ms takes holds exists reports connects uses runs names records jumps needs offers propagates syncs ' +
    'applies contains means lists shows stays keeps goes becomes includes remains seems points belongs ' +
    'answers refers sends gets makes says'
  ).split(' '),
);
/** Words that do not stand between a count and its noun ("{0} cannot contain spaces": {0} is a name). */
const NOT_BETWEEN = new Set(
  'to of cannot can must may might will would should could do did not are were be been have had and or'.split(' '),
);
/** A placeholder, up to two words, then a word in the plural. */
const COUNTED = /\{(\d+)\}((?:[ \u00a0]+[a-z][a-z-]*){0,2}?)[ \u00a0]+([a-z][a-z-]*s)\b/g;

/** The placeholders of `message` that count a noun in the plural (none for ranges). */
export function countedPlaceholders(message) {
  const out = [];
  for (const m of message.matchAll(COUNTED)) {
    const noun = m[3];
    const between = m[2].trim().split(/\s+/).filter(Boolean);
    if (NOT_PLURAL.has(noun) || between.some((w) => NOT_PLURAL.has(w) || NOT_BETWEEN.has(w))) continue;
    if (/s$/.test(noun) && /ss$/.test(noun)) continue;
    // "1 to {0} characters": the upper end of a range.
    const before = message.slice(0, m.index);
    if (/\bto\s*$/.test(before) && /(?:\d|\})\s+to\s*$/.test(before)) continue;
    // "{0} to {1} minutes": the lower end of a range counts nothing of its own.
    out.push(Number(m[1]));
  }
  return out;
}

function isPluralCall(node) {
  const n = unwrap(node);
  if (n?.type !== 'CallExpression') return false;
  const c = n.callee;
  return (
    (c.type === 'Identifier' && c.name === 'plural') ||
    (c.type === 'MemberExpression' && !c.computed && c.property.type === 'Identifier' && c.property.name === 'plural')
  );
}

/**
 * How many plural() calls `node` is the one/other argument of, through wrappers and nested calls
 * (`plural(a, plural(b, one, other), ...)`): each counted placeholder needs one.
 */
function pluralChain(node) {
  const chain = [];
  let child = node;
  let p = node.parent;
  for (;;) {
    while (
      p &&
      ['TSAsExpression', 'TSNonNullExpression', 'ChainExpression', 'TSSatisfiesExpression'].includes(p.type)
    ) {
      child = p;
      p = p.parent;
    }
    if (!p || p.type !== 'CallExpression' || !isPluralCall(p) || p.arguments.indexOf(child) < 1) return chain;
    chain.push(p);
    child = p;
    p = p.parent;
  }
}

const literalText = (message) =>
  message?.type === 'Literal' && typeof message.value === 'string'
    ? message.value
    : message?.type === 'TemplateLiteral' && message.expressions.length === 0
      ? message.quasis[0].value.cooked
      : undefined;

/** The literal messages of the l10n.t calls among the one/other arguments of a plural() call, nested ones too. */
function messagesIn(pluralCall) {
  const out = [];
  const visit = (n) => {
    const u = unwrap(n);
    if (!u) return;
    if (isL10nCall(u)) {
      const t = literalText(u.arguments[0]);
      if (t !== undefined) out.push(t);
    } else if (u.type === 'CallExpression' && isPluralCall(u)) u.arguments.slice(1).forEach(visit);
  };
  pluralCall.arguments.slice(1).forEach(visit);
  return out;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Messages that count a noun go through plural() (src/shared/l10n.ts)' },
    messages: {
      count:
        'The message "{{message}}" counts something ({{counts}} placeholder(s) before a plural noun): pass it to plural(count, one, other) with a message for exactly 1 ("1 staged change"), one plural() per count, so that every count reads right and Korean and Japanese translate each whole.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (!isL10nCall(node)) return;
        const message = node.arguments[0];
        const text = literalText(message);
        if (text === undefined) return;
        const chain = pluralChain(node);
        // Every message of the same plural() tree: "{0} changes to {1} object" (the form for one
        // object) counts as many things as its sibling "{0} changes to {1} objects".
        const counted = new Set(countedPlaceholders(text));
        if (chain.length)
          for (const m of messagesIn(chain[chain.length - 1])) for (const i of countedPlaceholders(m)) counted.add(i);
        const counts = counted.size;
        if (!counts || chain.length >= counts) return;
        context.report({ node, messageId: 'count', data: { message: text.slice(0, 60), counts: String(counts) } });
      },
    };
  },
};
