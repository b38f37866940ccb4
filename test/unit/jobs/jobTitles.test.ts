// A job's title is what every message of the tracker starts with: "{0}: started", "{0}: done in
// {1}.", "{0}: failed after {2} ...", the status bar and the jobs list. So each is one whole
// sentence a person could say ("Turn on storage autoscale of staging-api"), given to l10n.t as
// such: never a title with a colon of its own (issue 63: "Storage autoscale of staging-api: on:
// started"), never a verb or a title glued in front ("{0} HA of {1}" with {0} = "Pause"), never
// English text joined outside l10n.t (`${run.title} to ${where}`). This reads every place that
// hands a job to the tracker, in every source file, and follows a title to where it is written:
// a variable's initializer, an action table's `job: (name) => l10n.t(...)`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
// @ts-expect-error: a plain .mjs script without types
import { ROOT, sourceFiles } from '../../../scripts/l10n-extract.mjs';

interface Title {
  where: string;
  /** The l10n.t message, or the raw text of an expression that is not one. */
  text: string;
  translated: boolean;
}

/** The title expressions of one file: track(deps, scope, res, TITLE, ...), registerJob(s, r, id, TITLE), jobs.track({ title }). */
function titleExpressions(sf: ts.SourceFile): ts.Expression[] {
  const out: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(sf);
      if ((callee === 'track' || callee === 'registerJob') && node.arguments.length >= 4) out.push(node.arguments[3]);
      if (
        /(\.track|trackJob\?\.|trackJob)$/.test(callee) &&
        node.arguments[0] &&
        ts.isObjectLiteralExpression(node.arguments[0])
      )
        for (const p of node.arguments[0].properties)
          if (ts.isPropertyAssignment(p) && p.name.getText(sf) === 'title') out.push(p.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The messages an expression can give, following variables and action tables in the same file. */
function messagesOf(expr: ts.Expression, sf: ts.SourceFile, seen = new Set<ts.Node>()): Array<Omit<Title, 'where'>> {
  if (seen.has(expr)) return [];
  seen.add(expr);
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr)) return messagesOf(expr.expression, sf, seen);
  if (ts.isConditionalExpression(expr))
    return [...messagesOf(expr.whenTrue, sf, seen), ...messagesOf(expr.whenFalse, sf, seen)];
  if (ts.isStringLiteralLike(expr) || ts.isTemplateExpression(expr) || ts.isBinaryExpression(expr))
    return [{ text: expr.getText(sf), translated: false }];
  if (ts.isCallExpression(expr)) {
    const callee = expr.expression.getText(sf);
    if (/(^|\.)l10n\.t$/.test(callee)) {
      const arg = expr.arguments[0];
      return [{ text: arg && ts.isStringLiteralLike(arg) ? arg.text : (arg?.getText(sf) ?? ''), translated: true }];
    }
    // plural(n, one, other): both sentences.
    if (callee === 'plural') return expr.arguments.slice(1).flatMap((a) => messagesOf(a, sf, seen));
    // a.job(name), run.jobTitle(where): every property of that name in the file (the action tables, the runs).
    if (ts.isPropertyAccessExpression(expr.expression)) {
      const name = expr.expression.name.text;
      const found: Array<Omit<Title, 'where'>> = [];
      const visit = (node: ts.Node) => {
        if (ts.isPropertyAssignment(node) && node.name.getText(sf) === name) {
          const init = node.initializer;
          const body = ts.isArrowFunction(init) && !ts.isBlock(init.body) ? init.body : init;
          found.push(...messagesOf(body as ts.Expression, sf, seen));
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
      return found;
    }
    return [];
  }
  if (ts.isIdentifier(expr)) {
    // A `const title = ...` of the same file; a parameter comes from a caller, which is checked there.
    const found: Array<Omit<Title, 'where'>> = [];
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && node.name.getText(sf) === expr.text && node.initializer)
        found.push(...messagesOf(node.initializer, sf, seen));
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return found;
  }
  return [];
}

function jobTitles(): Title[] {
  const titles: Title[] = [];
  for (const file of sourceFiles() as string[]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    if (!/track\(|registerJob\(|trackJob/.test(text)) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    for (const expr of titleExpressions(sf)) {
      const { line } = sf.getLineAndCharacterOfPosition(expr.getStart(sf));
      for (const m of messagesOf(expr, sf)) titles.push({ where: `${file}:${line + 1}`, ...m });
    }
  }
  return titles;
}

test('every job title is one whole sentence through l10n.t: no colon of its own, nothing glued in front', () => {
  const titles = jobTitles();
  // The reader finds the commands' titles (a change that hid them would pass everything below).
  assert.ok(titles.length >= 35, `${titles.length} job titles found`);
  for (const expected of ['Turn on storage autoscale of {0}', 'Pause high availability of {0}', 'Restart {0}'])
    assert.ok(
      titles.some((x) => x.text === expected),
      `"${expected}" is among the titles`,
    );
  const wrong = titles
    .filter((x) => !x.translated || x.text.includes(':') || /^\{\d+\}/.test(x.text))
    .map((x) => `${x.where}: ${x.translated ? '' : '(not through l10n.t) '}${x.text}`);
  assert.deepEqual(wrong, []);
});
