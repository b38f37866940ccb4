// What the project's ESLint rules (noTextDecisions.mjs, wholeSentences.mjs) share: seeing through
// wrappers, recognising a translation call, and following a variable to the values it was given.

/** The expression inside `await x`, `x!`, `x as T`, `x satisfies T` and `a?.b` chains. */
export function unwrap(node) {
  let n = node;
  while (
    n &&
    (n.type === 'AwaitExpression' ||
      n.type === 'TSNonNullExpression' ||
      n.type === 'TSAsExpression' ||
      n.type === 'TSSatisfiesExpression' ||
      n.type === 'ChainExpression')
  )
    n = n.expression ?? n.argument;
  return n;
}

/** `l10n.t(...)`, `vscode.l10n.t(...)` (and the webviews' `t(...)` helper), seen through wrappers. */
export function isL10nCall(node) {
  const n = unwrap(node);
  if (n?.type !== 'CallExpression') return false;
  const c = n.callee;
  if (c.type === 'Identifier') return c.name === 't';
  return (
    c.type === 'MemberExpression' &&
    !c.computed &&
    c.property.type === 'Identifier' &&
    c.property.name === 't' &&
    ((c.object.type === 'Identifier' && c.object.name === 'l10n') ||
      (c.object.type === 'MemberExpression' &&
        !c.object.computed &&
        c.object.property.type === 'Identifier' &&
        c.object.property.name === 'l10n'))
  );
}

/** Variable lookups for one rule's context: the variable an identifier names, and what it was given. */
export function variables(context) {
  const sourceCode = context.sourceCode ?? context.getSourceCode();

  function variableOf(id) {
    let scope = sourceCode.getScope ? sourceCode.getScope(id) : context.getScope();
    while (scope) {
      const v = scope.set.get(id.name);
      if (v) return v;
      scope = scope.upper;
    }
    return undefined;
  }

  /** The expressions a variable was given: its initializer and every plain `=` assignment. */
  function valuesOf(id) {
    const v = variableOf(id);
    if (!v) return [];
    const out = [];
    for (const def of v.defs) if (def.node.type === 'VariableDeclarator' && def.node.init) out.push(def.node.init);
    for (const ref of v.references) {
      const p = ref.identifier.parent;
      if (p?.type === 'AssignmentExpression' && p.left === ref.identifier && p.operator === '=') out.push(p.right);
    }
    return out;
  }

  return { sourceCode, variableOf, valuesOf };
}
