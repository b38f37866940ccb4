// ESLint rule `nhncloud/whole-sentences`: every text a person reads is one whole message of the
// bundles, never a sentence glued from translated pieces.
//
// Korean and Japanese cannot be assembled from English-shaped pieces: a noun dropped into a
// sentence needs its own particle (을/를, 이/가, は/を), words change order, and an optional tail
// such as " from a backup" sits elsewhere in the sentence. So each variant of a sentence is its
// own message, whole in every language. This rule reports:
//   - a translated text (an `l10n.t(...)` call, or a variable, object property or conditional
//     that holds one) joined with other text by `+` or inside a template literal whose literal
//     parts are more than whitespace (joining whole sentences with a space or a line break is
//     fine);
//   - a translated text passed as an argument of `l10n.t(...)` (a translated word such as
//     'attachment' dropped into "Deleted the {0} {1}."), and a string literal with words or a
//     conditional that chooses a piece (`cond ? ' from a backup' : ''`) passed the same way;
//   - a message that is a piece by its form: it begins or ends with whitespace, or a placeholder
//     touches a letter or another placeholder (`created{1}`, `{0}{1}`), the mark of an optional
//     piece appended to it.
// test/unit/shared/wholeSentences.test.ts proves it reports each of these and stays silent on
// whole messages.

import { isL10nCall, unwrap, variables } from './astHelpers.mjs';

/** Literal parts that only separate whole sentences: spaces and line breaks. */
const SEPARATOR = /^\s*$/;
/** A codicon such as `$(sync~spin)`: an icon in front of a label, not a word. */
const CODICON = /^\$\([a-z0-9~-]+\)$/;
/** A message shaped as a piece: whitespace at an end, or a placeholder glued to a letter or to another placeholder. */
const PIECE_FORM = /^\s|\s$|[\p{L}]\{\d+\}|\}\{|\{\d+\}[\p{L}]/u;

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Messages are whole sentences in the bundles, never glued from translated pieces' },
    messages: {
      glued:
        'A sentence glued from pieces ({{how}}): write each variant as one whole message in l10n.t, with the varying values as {0}-style arguments that are names, numbers or ids.',
      pieceArg:
        'A translated piece passed into another message ({{how}}): Korean and Japanese need the whole sentence; write one message per variant.',
      pieceForm:
        'The message "{{message}}" is shaped as a piece ({{how}}): write each variant of the sentence as one whole message.',
    },
    schema: [],
  },
  create(context) {
    const { valuesOf } = variables(context);

    /** The object literals an expression may be: `X`, `X[k]` (any property of X), `X.y`, a variable holding one. */
    function objectsOf(node, seen) {
      const n = unwrap(node);
      if (!n || seen.has(n)) return [];
      seen.add(n);
      if (n.type === 'ObjectExpression') return [n];
      if (n.type === 'Identifier') return valuesOf(n).flatMap((v) => objectsOf(v, seen));
      if (n.type === 'ConditionalExpression')
        return [...objectsOf(n.consequent, seen), ...objectsOf(n.alternate, seen)];
      if (n.type === 'LogicalExpression') return [...objectsOf(n.left, seen), ...objectsOf(n.right, seen)];
      if (n.type === 'MemberExpression') {
        const out = [];
        for (const o of objectsOf(n.object, seen)) {
          for (const p of o.properties) {
            if (p.type !== 'Property') continue;
            if (n.computed || (p.key.type === 'Identifier' ? p.key.name : p.key.value) === n.property.name)
              out.push(...objectsOf(p.value, seen));
          }
        }
        return out;
      }
      return [];
    }

    /** Whether an expression may evaluate to a translated text. */
    function isTranslated(node, seen = new Set()) {
      const n = unwrap(node);
      if (!n || seen.has(n)) return false;
      seen.add(n);
      if (isL10nCall(n)) return true;
      if (n.type === 'ConditionalExpression')
        return isTranslated(n.consequent, seen) || isTranslated(n.alternate, seen);
      if (n.type === 'LogicalExpression') return isTranslated(n.left, seen) || isTranslated(n.right, seen);
      if (n.type === 'Identifier') return valuesOf(n).some((v) => isTranslated(v, seen));
      if (n.type === 'MemberExpression') {
        // `X.y` looks at the property y of the objects X may be; `X[k]` at every property.
        for (const o of objectsOf(n.object, new Set())) {
          for (const p of o.properties) {
            if (p.type !== 'Property') continue;
            const named = n.computed || (p.key.type === 'Identifier' ? p.key.name : p.key.value) === n.property.name;
            if (named && isTranslated(p.value, seen)) return true;
          }
        }
      }
      return false;
    }

    /** A string literal with letters in it (a word, not a separator or a value such as '-'). */
    const isWordLiteral = (n) =>
      (n?.type === 'Literal' && typeof n.value === 'string' && /\p{L}{2,}/u.test(n.value)) ||
      (n?.type === 'TemplateLiteral' && n.quasis.some((q) => /\p{L}{2,}/u.test(q.value.cooked ?? '')));

    /** An icon (a codicon literal, or a condition choosing between icons). */
    function isIcon(node) {
      const n = unwrap(node);
      if (n?.type === 'Literal') return typeof n.value === 'string' && CODICON.test(n.value);
      if (n?.type === 'ConditionalExpression') return isIcon(n.consequent) && isIcon(n.alternate);
      return false;
    }

    /** Operands of a chain of `+` on strings. */
    function plusOperands(node) {
      return node.type === 'BinaryExpression' && node.operator === '+'
        ? [...plusOperands(node.left), ...plusOperands(node.right)]
        : [node];
    }

    return {
      CallExpression(node) {
        if (!isL10nCall(node)) return;
        const [message, ...args] = node.arguments;
        if (message?.type === 'Literal' && typeof message.value === 'string') {
          const m = message.value.match(PIECE_FORM);
          if (m) {
            const how = /^\s|\s$/.test(m[0])
              ? 'whitespace at an end'
              : m[0].includes('}{')
                ? 'two placeholders touch'
                : 'a placeholder touches a word';
            context.report({
              node: message,
              messageId: 'pieceForm',
              data: { message: message.value.slice(0, 60), how },
            });
          }
        }
        for (const a of args) {
          const n = unwrap(a);
          if (isTranslated(n))
            context.report({ node: a, messageId: 'pieceArg', data: { how: 'a translated text as an argument' } });
          else if (isWordLiteral(n))
            context.report({ node: a, messageId: 'pieceArg', data: { how: 'English words as an argument' } });
          else if (
            n?.type === 'ConditionalExpression' &&
            (isWordLiteral(unwrap(n.consequent)) || isWordLiteral(unwrap(n.alternate)))
          ) {
            context.report({ node: a, messageId: 'pieceArg', data: { how: 'a piece chosen by a condition' } });
          }
        }
      },
      BinaryExpression(node) {
        if (node.operator !== '+' || (node.parent?.type === 'BinaryExpression' && node.parent.operator === '+')) return;
        const ops = plusOperands(node);
        if (ops.length < 2 || !ops.some((o) => isTranslated(o))) return;
        const glue = ops.filter((o) => !isTranslated(o) && !isIcon(o));
        const onlySeparators = glue.every(
          (o) => o.type === 'Literal' && typeof o.value === 'string' && SEPARATOR.test(o.value),
        );
        if (!onlySeparators)
          context.report({ node, messageId: 'glued', data: { how: 'a translated text joined by +' } });
      },
      TemplateLiteral(node) {
        if (node.parent?.type === 'TaggedTemplateExpression') return;
        if (!node.expressions.some((e) => isTranslated(e))) return;
        const words = node.quasis.some((q) => !SEPARATOR.test(q.value.cooked ?? ''));
        const others = node.expressions.some((e) => !isTranslated(e) && !isIcon(e));
        if (words || others)
          context.report({ node, messageId: 'glued', data: { how: 'a translated text inside a template' } });
      },
    };
  },
};
