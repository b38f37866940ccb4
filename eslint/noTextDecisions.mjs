// ESLint rule `nhncloud/no-text-decisions`: no decision may depend on text a person reads.
//
// Dialog buttons and QuickPick labels are translated (and two buttons may share a translation),
// so comparing the answer of a dialog or a QuickPick with English text, or with a second
// `l10n.t(...)` call, breaks in Korean and Japanese. Buttons are typed items with an id
// (`askAction` / `action` in src/shared/prompts.ts) and QuickPick items carry an id; code
// compares those. This rule reports, in `==`, `!=`, `===`, `!==` and `switch`:
//   - the answer of showInformationMessage / showWarningMessage / showErrorMessage /
//     showQuickPick (the call itself, or a variable it was assigned to, also through
//     `await` and `?.label`), or any `.label`,
//   - compared with a string literal, a template literal, an `l10n.t(...)` call, or a variable
//     that holds an `l10n.t(...)` text.
// test/unit/shared/noTextDecisions.test.ts proves it reports each of these and stays silent
// on id comparisons.

import { isL10nCall, unwrap, variables } from './astHelpers.mjs';

const ASKING = new Set(['showInformationMessage', 'showWarningMessage', 'showErrorMessage', 'showQuickPick']);

function calleeName(call) {
  const c = call.callee;
  if (c.type === 'Identifier') return c.name;
  if (c.type === 'MemberExpression' && !c.computed && c.property.type === 'Identifier') return c.property.name;
  return undefined;
}

function isAskingCall(node) {
  const n = unwrap(node);
  return n?.type === 'CallExpression' && ASKING.has(calleeName(n) ?? '');
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Compare ids, never the text of a dialog button or QuickPick label' },
    messages: {
      text: 'A decision on text a person reads ({{what}} compared with {{with}}): give the button or item an id (askAction/action in src/shared/prompts.ts, or an id field on the QuickPick item) and compare that.',
    },
    schema: [],
  },
  create(context) {
    const { valuesOf } = variables(context);

    /** What a person reads: an answer of a dialog/QuickPick, or a label. */
    function answerKind(node) {
      const n = unwrap(node);
      if (!n) return undefined;
      if (isAskingCall(n)) return 'the answer of a dialog';
      if (
        n.type === 'MemberExpression' &&
        !n.computed &&
        n.property.type === 'Identifier' &&
        n.property.name === 'label'
      )
        return 'a label';
      if (n.type === 'Identifier' && valuesOf(n).some((v) => isAskingCall(v))) return `the answer "${n.name}"`;
      return undefined;
    }

    /** Text: a literal, a template, an l10n.t call or a variable holding one. */
    function textKind(node) {
      const n = unwrap(node);
      if (!n) return undefined;
      if (n.type === 'Literal' && typeof n.value === 'string') return `the text '${n.value}'`;
      if (n.type === 'TemplateLiteral') return 'a template text';
      if (isL10nCall(n)) return 'a translated text';
      if (n.type === 'Identifier' && valuesOf(n).some((v) => isL10nCall(v))) return `the translated text "${n.name}"`;
      return undefined;
    }

    function check(node, a, b) {
      for (const [x, y] of [
        [a, b],
        [b, a],
      ]) {
        const what = answerKind(x);
        const withText = what && textKind(y);
        if (withText) {
          context.report({ node, messageId: 'text', data: { what, with: withText } });
          return;
        }
      }
    }

    return {
      BinaryExpression(node) {
        if (['==', '!=', '===', '!=='].includes(node.operator)) check(node, node.left, node.right);
      },
      SwitchStatement(node) {
        for (const c of node.cases) if (c.test) check(c, node.discriminant, c.test);
      },
    };
  },
};
