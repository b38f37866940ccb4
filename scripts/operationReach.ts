// Which command, tree node, form or file system reaches each API operation, derived from the
// code with the TypeScript checker (no hand-kept list): every call in src (the sandbox left out)
// is resolved to the method or function it calls, which gives a call graph; an operation's
// sender is the typed client method of its name (RDS, network: one method per table row) or the
// client method that sends it by name (storage: `this.send('<name>'` / `this.xml('<name>'`;
// identity: `identityOperation('<name>')`); walking the graph back from the sender, every caller
// outside src/client (commands, tree nodes, forms, the file system, their helpers) reaches it. Used by `npm run list-operations`
// and test/unit/client/operationReach.test.ts.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import type { Operation } from '../src/client/operation';

/** A call site outside the client layer: what it is and where. */
export interface Reacher {
  /** `command nhncloud.storage.rename`, `tree BucketNode.getChildren`, `form RestorePanel.submit`, ... */
  label: string;
  file: string;
}

export interface ReachOptions {
  root?: string;
  /** Source files to leave out (tests plant defects with it: a file that no longer calls). */
  skipFile?: (relPath: string) => boolean;
}

const SENDING_CALLS = new Set(['send', 'xml', 'identityOperation']);
/** The client class whose methods are the table's rows, per service. */
const TABLE_CLIENT: Partial<Record<Operation['service'], string>> = { rds: 'RdsClient', network: 'NetworkClient' };

function kindOf(file: string): string {
  if (/^src\/[^/]+\/(commands\/|commands\.ts|forms\/)/.test(file) || file.endsWith('/activation.ts')) return 'command';
  if (/^src\/[^/]+\/tree\//.test(file) || file.startsWith('src/shared/tree/')) return 'tree';
  if (file.startsWith('src/panels/')) return 'form';
  if (file === 'src/storage/objectFs.ts') return 'file system';
  return 'shared';
}

/** One call site: the function it is in (key, and its label when outside src/client), what it calls, its file. */
interface CallSite {
  file: string;
  from: string;
  label?: string;
  to: string[];
  /** The operation name it sends, for `send('<name>'` and the like in src/client. */
  sends?: string;
}

/**
 * The call sites of src (the sandbox left out), resolved once per root: building the program
 * and resolving every call takes the type checker about ten seconds, and a query that leaves
 * files out (`skipFile`) only has to drop their call sites, not build a program without them
 * (their types are the same: the files that import them bring them into the program anyway).
 */
const callSitesByRoot = new Map<string, CallSite[]>();

function callSites(root: string): CallSite[] {
  const known = callSitesByRoot.get(root);
  if (known) return known;
  const config = ts.parseJsonConfigFileContent(
    JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')),
    ts.sys,
    root,
  );
  const rel = (f: string) => relative(root, f).split(sep).join('/');
  const files = config.fileNames.filter((f) => rel(f).startsWith('src/') && !rel(f).startsWith('src/sandbox/'));
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();

  // Names of functions: `Class.method` for members, `file:function` for plain functions.
  const ownerName = (node: ts.Node): string | undefined => {
    for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
      if ((ts.isClassDeclaration(n) || ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) && n.name)
        return n.name.text;
    }
    return undefined;
  };
  const declKey = (d: ts.Declaration): string | undefined => {
    const name = (d as { name?: ts.Node }).name;
    const text = name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
    if (!text) return undefined;
    if (
      ts.isMethodDeclaration(d) ||
      ts.isMethodSignature(d) ||
      ts.isPropertyDeclaration(d) ||
      ts.isPropertySignature(d) ||
      ts.isGetAccessor(d)
    ) {
      const owner = ownerName(d);
      return owner ? `${owner}.${text}` : undefined;
    }
    if (ts.isFunctionDeclaration(d) || ts.isVariableDeclaration(d)) return `${rel(d.getSourceFile().fileName)}:${text}`;
    return undefined;
  };
  const topLevel = (d: ts.Node): boolean =>
    ts.isSourceFile(d.parent) ||
    (ts.isVariableDeclarationList(d.parent) &&
      ts.isVariableStatement(d.parent.parent) &&
      ts.isSourceFile(d.parent.parent.parent));
  /**
   * The function a node is in: the nearest command property (`'nhncloud.x': ...`), class member
   * or top-level function or variable; local helpers (a `worker` arrow) count as their container.
   * An object of handlers is told apart by its property (a form's `submit`, a table's `hubShare`).
   */
  const enclosing = (node: ts.Node): { key: string; label: string } | undefined => {
    let inner: string | undefined;
    for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
      if (ts.isPropertyAssignment(n) && ts.isStringLiteral(n.name) && n.name.text.startsWith('nhncloud.'))
        return { key: `command:${n.name.text}`, label: `command ${n.name.text}` };
      if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name)) inner = n.name.text;
      const member =
        ts.isMethodDeclaration(n) ||
        ts.isConstructorDeclaration(n) ||
        ts.isGetAccessor(n) ||
        ts.isPropertyDeclaration(n);
      if (member || ((ts.isFunctionDeclaration(n) || ts.isVariableDeclaration(n)) && topLevel(n))) {
        const key = ts.isConstructorDeclaration(n) ? `${ownerName(n)}.constructor` : declKey(n as ts.Declaration);
        if (!key) continue;
        return {
          key: inner ? `${key}#${inner}` : key,
          label: `${kindOf(rel(n.getSourceFile().fileName))} ${key.replace(/^.*:/, '')}${inner ? ` (${inner})` : ''}`,
        };
      }
    }
    return undefined;
  };
  const typeName = (expr: ts.Expression): string | undefined => {
    const t = checker.getApparentType(checker.getTypeAtLocation(expr));
    return (t.aliasSymbol ?? t.getSymbol())?.getName();
  };
  /** The functions a call may reach: its resolved declaration, or `Type.member` for table methods and `x[op]`. */
  const callees = (call: ts.CallExpression): string[] => {
    const callee = call.expression;
    if (ts.isElementAccessExpression(callee)) {
      const owner = typeName(callee.expression);
      const arg = checker.getTypeAtLocation(callee.argumentExpression);
      const names = (arg.isUnion() ? arg.types : [arg])
        .filter((t) => t.isStringLiteral())
        .map((t) => (t as ts.StringLiteralType).value);
      return owner ? names.map((n) => `${owner}.${n}`) : [];
    }
    const nameNode = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    let sym = checker.getSymbolAtLocation(nameNode);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    const keys = (sym?.declarations ?? []).map(declKey).filter((k): k is string => !!k);
    if (ts.isPropertyAccessExpression(callee)) {
      const owner = typeName(callee.expression);
      if (owner) keys.push(`${owner}.${callee.name.text}`);
    }
    return keys;
  };

  const sites: CallSite[] = [];
  const wanted = new Set(files.map(rel));
  for (const sf of program.getSourceFiles()) {
    const file = rel(sf.fileName);
    if (!wanted.has(file)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const from = enclosing(node);
        if (from) {
          const fn = ts.isPropertyAccessExpression(node.expression)
            ? node.expression.name.text
            : ts.isIdentifier(node.expression)
              ? node.expression.text
              : undefined;
          const first = node.arguments[0];
          const client = file.startsWith('src/client/');
          sites.push({
            file,
            from: from.key,
            label: client ? undefined : from.label,
            to: callees(node),
            sends: client && fn && SENDING_CALLS.has(fn) && first && ts.isStringLiteral(first) ? first.text : undefined,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  callSitesByRoot.set(root, sites);
  return sites;
}

/** Maps every operation id to the places outside src/client that reach it (empty: reachable from nowhere). */
export function operationReach(operations: readonly Operation[], opts: ReachOptions = {}): Map<string, Reacher[]> {
  const callers = new Map<string, Set<string>>();
  const labels = new Map<string, Reacher>();
  const senders = new Map<string, Set<string>>();
  for (const site of callSites(opts.root ?? join(__dirname, '..'))) {
    if (opts.skipFile?.(site.file)) continue;
    if (site.label) labels.set(site.from, { label: site.label, file: site.file });
    for (const to of site.to) (callers.get(to) ?? callers.set(to, new Set()).get(to)!).add(site.from);
    if (site.sends) (senders.get(site.sends) ?? senders.set(site.sends, new Set()).get(site.sends)!).add(site.from);
  }

  const out = new Map<string, Reacher[]>();
  for (const op of operations) {
    // The method's name: the id's last segment (`rds.v4.getDbInstance` is RdsClient.getDbInstance too).
    const name = op.id.slice(op.id.lastIndexOf('.') + 1);
    const table = TABLE_CLIENT[op.service];
    const start = new Set(table ? [`${table}.${name}`] : [...(senders.get(name) ?? [])]);
    const seen = new Set<string>(start);
    const queue = [...start];
    const found = new Map<string, Reacher>();
    while (queue.length) {
      const key = queue.shift()!;
      // `x#submit` is called as `x` (a handler object is passed on, not called by its property).
      const base = key.split('#')[0];
      for (const c of [...(callers.get(key) ?? []), ...(base !== key ? (callers.get(base) ?? []) : [])]) {
        if (seen.has(c)) continue;
        seen.add(c);
        const place = labels.get(c);
        if (place) found.set(c, place);
        // Helpers outside the client are reach points too, and lead on to their commands.
        queue.push(c);
      }
    }
    out.set(
      op.id,
      [...found.values()].sort((a, b) => a.label.localeCompare(b.label)),
    );
  }
  return out;
}
