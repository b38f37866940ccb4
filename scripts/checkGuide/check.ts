// What differs between a vendor guide's endpoints (./parse.ts, or the fixtures extracted from it) and this
// project's RDS operations table (src/client/rds/versions.ts: v3.0 `RDS_OPERATIONS`, v4.0
// `RDS_V4_OPERATIONS`): endpoints missing on either side, path parameters and permissions named
// differently, request fields (query and body, nested with dots) the operation's schema does not know,
// values the guide lists for a request field that the schema refuses, required-ness that differs, and
// the guide's request and response examples the schemas refuse. Each difference is one line a person
// reads; ./accepted.ts names those that are the guide's own typos and placeholders, with the reason.
import type { Operation } from '../../src/client/operation';
import { RDS_OPERATIONS } from '../../src/client/rds/schemas';
import { RDS_V4_OPERATIONS } from '../../src/client/rds/versions';
import type { GuideEndpoint, GuideField } from './parse';
import { productOperations, type RdsProductId } from '../../src/client/products';

export type DifferenceKind =
  | 'missing-operation'
  | 'undocumented-operation'
  | 'path-parameter'
  | 'permission'
  | 'unknown-field'
  | 'refused-value'
  | 'required'
  | 'request-example'
  | 'response-example';

/** Kinds in the order the summary counts them, with what a person calls them. */
export const KINDS: Record<DifferenceKind, string> = {
  'missing-operation': 'endpoints of the guide without an operation',
  'undocumented-operation': 'operations the guide does not document',
  'path-parameter': 'path parameters named differently',
  permission: 'permissions named differently',
  'unknown-field': 'request fields the schema does not know',
  'refused-value': 'listed values the schema refuses',
  required: 'required-ness that differs',
  'request-example': 'request example issues',
  'response-example': 'response example issues',
};

export interface Difference {
  version: string;
  /** `METHOD /vX.Y/path`, the guide's (or the operation's, for an undocumented one). */
  endpoint: string;
  /** The guide's title, or the operation's id. */
  title: string;
  kind: DifferenceKind;
  /** The field (dotted, array indices left out) the difference is about, where there is one. */
  field?: string;
  /** For `refused-value`: the value. */
  value?: string;
  message: string;
}

/** A difference that is the guide's own doing (./accepted.ts). */
export interface AcceptedDifference {
  /** The RDS product whose guide has it (RDS for MySQL when left out). */
  product?: RdsProductId;
  version: string;
  endpoint: string;
  kind: DifferenceKind;
  /** Any field when left out. */
  field?: string;
  /** Any value when left out. */
  value?: string;
  why: string;
}

/** The accepted differences of a product's guides. */
export const acceptedFor = (accepted: readonly AcceptedDifference[], product: RdsProductId) =>
  accepted.filter((a) => (a.product ?? 'mysql') === product);

/** The product a guide documents, from its title ("RDS for MariaDB API") or its permissions. */
export const guideProduct = (text: string): RdsProductId =>
  /RDS for MariaDB|RDSforMariaDB:/.test(text) ? 'mariadb' : 'mysql';

/**
 * The operations table of an API version as a product's guide documents it (RDS for MySQL: the
 * whole table; RDS for MariaDB: the release its guide has, permissions under its prefix).
 */
export function operationsOf(version: string, product: RdsProductId = 'mysql'): readonly Operation[] {
  if (product !== 'mysql' && (version === 'v3.0' || version === 'v4.0')) return productOperations(product, version);
  if (version === 'v3.0') return RDS_OPERATIONS;
  if (version === 'v4.0') return RDS_V4_OPERATIONS;
  throw new Error(`no operations table for RDS API ${version} (this project speaks v3.0 and v4.0)`);
}

// ---------------------------------------------------------------------------------------------------------
// zod/mini schemas, by their definitions.

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  options?: unknown[];
  innerType?: unknown;
  element?: unknown;
  in?: unknown;
  out?: unknown;
  left?: unknown;
  right?: unknown;
}
interface Schema {
  def: Def;
  safeParse: (v: unknown) => {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string; code?: string; keys?: string[] }[] };
  };
}
const defOf = (s: unknown): Def | undefined => (s as { def?: Def } | undefined)?.def;

/** The object schemas a schema stands for (a union, such as createBackup's by method, stands for each member). */
export function objectsOf(s: unknown, depth = 0): Schema[] {
  const def = defOf(s);
  if (!def || depth > 12) return [];
  switch (def.type) {
    case 'object':
      return [s as Schema];
    case 'union':
      return (def.options ?? []).flatMap((o) => objectsOf(o, depth + 1));
    case 'intersection':
      return [...objectsOf(def.left, depth + 1), ...objectsOf(def.right, depth + 1)];
    case 'pipe': {
      const inner = objectsOf(def.in, depth + 1);
      return inner.length ? inner : objectsOf(def.out, depth + 1);
    }
    default:
      return objectsOf(def.innerType ?? def.element, depth + 1);
  }
}

/** The schemas of the properties at a dotted path, one per object member that has it. */
export function propertiesAt(schema: unknown, dotted: string): Schema[] {
  const [key, ...rest] = dotted.split('.');
  return objectsOf(schema).flatMap((o) => {
    const prop = o.def.shape?.[key];
    if (prop === undefined) return [];
    return rest.length ? propertiesAt(prop, rest.join('.')) : [prop as Schema];
  });
}

/** Whether the schema has a field at a dotted path (through optional, nullable, arrays, pipes, checks and unions). */
export const hasField = (schema: unknown, dotted: string) => propertiesAt(schema, dotted).length > 0;

/** Whether a property may be left out. */
function mayBeLeftOut(s: unknown): boolean {
  for (let i = 0; i < 12; i++) {
    const def = defOf(s);
    if (!def) return true;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault' || def.type === 'undefined')
      return true;
    if (def.type === 'union') return (def.options ?? []).some(mayBeLeftOut);
    if (def.type === 'pipe') s = def.in;
    else if (def.type === 'nullable' || def.type === 'readonly' || def.type === 'catch') s = def.innerType;
    else return false;
  }
  return false;
}

/**
 * Whether the schema requires the field at a dotted path: every object member (of a union) has it and
 * none lets it be left out. `undefined` where the schema has no such field.
 */
export function schemaRequires(schema: unknown, dotted: string): boolean | undefined {
  const parentPath = dotted.split('.').slice(0, -1).join('.');
  const key = dotted.split('.').pop()!;
  const parents = parentPath ? propertiesAt(schema, parentPath).flatMap((p) => objectsOf(p)) : objectsOf(schema);
  const props = parents.map((o) => o.def.shape?.[key]);
  if (!props.some((p) => p !== undefined)) return undefined;
  return props.every((p) => p !== undefined && !mayBeLeftOut(p));
}

/** Whether some schema of the field takes the value (as itself, or as a one-item list for a list field). */
function acceptsValue(props: Schema[], value: string): boolean {
  return props.some((p) => p.safeParse(value).success || p.safeParse([value]).success);
}

const fieldPath = (path: PropertyKey[]) =>
  path
    .filter((k) => typeof k !== 'number')
    .map(String)
    .join('.');

// ---------------------------------------------------------------------------------------------------------

const anonymous = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
const paramsOf = (p: string) => [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

function checkFields(
  d: (x: Omit<Difference, 'version' | 'endpoint' | 'title'>) => void,
  where: 'query' | 'body',
  schema: unknown,
  fields: GuideField[],
) {
  for (const f of fields) {
    const props = propertiesAt(schema, f.name);
    if (!props.length) {
      d({
        kind: 'unknown-field',
        field: f.name,
        message: `${where} field ${f.name}: the guide documents it, the ${where} schema does not know it`,
      });
      continue;
    }
    for (const value of f.values ?? []) {
      if (!acceptsValue(props, value))
        d({
          kind: 'refused-value',
          field: f.name,
          value,
          message: `${where} field ${f.name}: the guide lists ${value}, the schema refuses it`,
        });
    }
    if (f.requiredWhen?.length) continue; // required under a condition: either way can be right
    const required = schemaRequires(schema, f.name);
    if (required !== undefined && required !== f.required) {
      d({
        kind: 'required',
        field: f.name,
        message: f.required
          ? `${where} field ${f.name}: the guide requires it, the schema lets it be left out`
          : `${where} field ${f.name}: the guide makes it optional, the schema requires it`,
      });
    }
  }
}

function exampleIssues(
  d: (x: Omit<Difference, 'version' | 'endpoint' | 'title'>) => void,
  kind: 'request-example' | 'response-example',
  schema: unknown,
  example: unknown,
) {
  const r = (schema as Schema).safeParse(example);
  if (r.success) return;
  const what = kind === 'request-example' ? 'request' : 'response';
  for (const issue of r.error?.issues ?? []) {
    const at = fieldPath(issue.path);
    // A strict object's unknown keys: one difference per key, named (zod says only "Invalid input").
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const key of issue.keys) {
        const field = at ? `${at}.${key}` : key;
        d({ kind, field, message: `${what} example: ${field} is a field the schema does not know` });
      }
      continue;
    }
    d({ kind, field: at, message: `${what} example${at ? ` at ${at}` : ''}: ${issue.message}` });
  }
}

/** Every difference between a guide's endpoints and the operations table of its version, in the guide's order. */
export function differences(
  version: string,
  endpoints: readonly GuideEndpoint[],
  operations: readonly Operation[] = operationsOf(version),
  { partial = false }: { partial?: boolean } = {},
): Difference[] {
  const out: Difference[] = [];
  const byRoute = new Map(operations.map((op) => [`${op.method} ${anonymous(op.path)}`, op]));
  const documented = new Set<string>();

  for (const e of endpoints) {
    const endpoint = `${e.method} ${e.path}`;
    const d = (x: Omit<Difference, 'version' | 'endpoint' | 'title'>) =>
      out.push({ version, endpoint, title: e.title, ...x });
    const route = `${e.method} ${anonymous(e.path)}`;
    documented.add(route);
    const op = byRoute.get(route);
    if (!op) {
      d({ kind: 'missing-operation', message: `no ${version} operation has this method and path` });
      continue;
    }
    const ours = paramsOf(op.path);
    const theirs = e.pathParams.length ? e.pathParams : paramsOf(e.path);
    if (ours.join() !== theirs.join())
      d({
        kind: 'path-parameter',
        message: `path parameters: the guide names {${theirs.join('}, {')}}, ${op.id} {${ours.join('}, {')}}`,
      });
    if (e.permission && op.permission !== e.permission)
      d({
        kind: 'permission',
        message: `permission: the guide names ${e.permission}, ${op.id} ${op.permission ?? 'none'}`,
      });
    checkFields(d, 'query', op.query, e.query);
    checkFields(d, 'body', op.body, e.body);
    if (e.requestExample !== null && e.requestExample !== undefined) {
      if (!op.body)
        d({ kind: 'request-example', message: `request example: the guide shows a body, ${op.id} sends none` });
      else exampleIssues(d, 'request-example', op.body, e.requestExample);
    }
    if (e.responseExample !== null && e.responseExample !== undefined && op.response)
      exampleIssues(d, 'response-example', op.response, e.responseExample);
  }

  // An excerpt of a guide (the tests' trimmed copies) leaves operations out on purpose.
  for (const op of partial ? [] : operations) {
    if (documented.has(`${op.method} ${anonymous(op.path)}`)) continue;
    out.push({
      version,
      endpoint: `${op.method} ${op.path}`,
      title: op.id,
      kind: 'undocumented-operation',
      message: `${op.id}: the guide has no endpoint with this method and path`,
    });
  }
  return out;
}

/** The accepted entry a difference matches, if any. */
export function acceptedBy(d: Difference, accepted: readonly AcceptedDifference[]): AcceptedDifference | undefined {
  return accepted.find(
    (a) =>
      a.version === d.version &&
      a.endpoint === d.endpoint &&
      a.kind === d.kind &&
      (a.field === undefined || a.field === d.field) &&
      (a.value === undefined || a.value === d.value),
  );
}

/**
 * The report a person reads: differences grouped per endpoint (the guide's title and route), one a line,
 * then a count per kind; accepted ones are counted apart and listed only when `showAccepted`.
 */
export function report(
  guideName: string,
  version: string,
  endpoints: readonly Pick<GuideEndpoint, 'method' | 'path'>[],
  diffs: readonly Difference[],
  accepted: readonly AcceptedDifference[],
  showAccepted = false,
): { text: string; open: Difference[]; acceptedCount: number; unusedAccepted: AcceptedDifference[] } {
  const open = diffs.filter((d) => !acceptedBy(d, accepted));
  const isAccepted = diffs.filter((d) => acceptedBy(d, accepted));
  const shown = showAccepted ? diffs : open;
  const lines = [`${guideName}: RDS API ${version}, ${endpoints.length} endpoints`];
  const groups = new Map<string, Difference[]>();
  for (const d of shown) {
    const key = `${d.endpoint}  (${d.title})`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  for (const [key, list] of groups) {
    lines.push('', key);
    for (const d of list) {
      const a = acceptedBy(d, accepted);
      lines.push(`  - ${d.message}${a ? `  [accepted: ${a.why}]` : ''}`);
    }
  }
  // An entry for an endpoint of this guide that no difference matches: the guide (or the schema) changed.
  const routes = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
  const unusedAccepted = accepted.filter(
    (a) => a.version === version && routes.has(a.endpoint) && !diffs.some((d) => acceptedBy(d, [a]) === a),
  );
  lines.push('', 'Summary:');
  for (const [kind, label] of Object.entries(KINDS)) {
    const n = open.filter((d) => d.kind === kind).length;
    if (n) lines.push(`  ${String(n).padStart(4)}  ${label}`);
  }
  lines.push(
    `  ${String(open.length).padStart(4)}  differences in all, at ${new Set(open.map((d) => d.endpoint)).size} endpoints`,
    `  ${String(isAccepted.length).padStart(4)}  accepted (scripts/checkGuide/accepted.ts)`,
  );
  if (unusedAccepted.length)
    lines.push(
      `  ${String(unusedAccepted.length).padStart(4)}  accepted entries that match nothing any more (remove them):`,
      ...unusedAccepted.map((a) => `          ${a.endpoint} ${a.kind}${a.field ? ` ${a.field}` : ''}`),
    );
  return { text: lines.join('\n'), open, acceptedCount: isAccepted.length, unusedAccepted };
}
