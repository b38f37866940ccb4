// The typed messages between a panel (extension side) and its webview (browser side).
// Both sides import the TYPES from here; only the extension side uses the zod schemas, so the
// browser bundles do not pay for them (they import this file with `import type`).
//
// Webview -> extension: `ready` (handshake, sent once the page can receive), `request` (a call
// with an id; exactly one `response` with the same id answers it). Extension -> webview: `init`
// (the panel's input, sent in answer to `ready`), `response`, `event` (push: job progress,
// refreshed data). Every inbound message is checked with a strict schema: unknown types, unknown
// methods, missing or extra fields are rejected and logged, never acted upon.
import * as z from 'zod/mini';
import type { FieldIssue } from '../client/errors';
import { REGION_ORDER, type Region } from '../client/sites';
import { PANEL_VIEW_TYPES, type PanelKind } from './viewTypes';
import { RDS_PRODUCT_ORDER, type RdsProductId } from '../client/productIds';

export type { FieldIssue, PanelKind };
export const VIEW_TYPES: Record<PanelKind, string> = PANEL_VIEW_TYPES;

export interface ErrorPayload {
  message: string;
  issues?: FieldIssue[];
}

// ---- extension -> webview ----------------------------------------------------------------
export type OutboundMessage =
  | { type: 'init'; panel: PanelKind; data: unknown }
  | { type: 'response'; id: number; ok: true; result: unknown }
  | { type: 'response'; id: number; ok: false; error: ErrorPayload }
  | { type: 'event'; name: string; data: unknown };

// ---- webview -> extension ----------------------------------------------------------------
export type MethodSchemas = Record<string, z.ZodMiniType>;

const requestId = z.number().check(z.int(), z.minimum(1));
const uuid = z.string().check(z.minLength(1), z.maxLength(64));
const anyBody = z.record(z.string(), z.unknown());
/** What every long form (create, restore, replicate) adds: its unsent state, and Cancel (./formDraft.ts). */
const formMethods = {
  draft: z.strictObject({ state: z.nullable(anyBody) }),
  cancel: z.strictObject({}),
};

/** A staged edit of the table editor (src/database/tableData/edits.ts RowEdit). */
const readCell = z.union([z.string(), z.number(), z.null()]);
const editValue = z.union([z.string().check(z.maxLength(16_000_000)), z.null()]);
const rowEdit = z.union([
  z.strictObject({
    kind: z.literal('update'),
    row: z.number().check(z.int(), z.minimum(0)),
    original: z.array(readCell),
    changes: z.record(z.string(), editValue),
  }),
  z.strictObject({ kind: z.literal('insert'), values: z.record(z.string(), editValue) }),
  z.strictObject({
    kind: z.literal('delete'),
    row: z.number().check(z.int(), z.minimum(0)),
    original: z.array(readCell),
  }),
]);

/** A query result's rows opened in the table editor (src/database/tableData/resultRows.ts KeyRows). */
const keyRows = z.strictObject({
  columns: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(64)),
  // MAX_RESULT_ROWS of resultRows.ts (not imported: this file stays free of feature code).
  values: z.array(z.array(readCell)).check(z.minLength(1), z.maxLength(10_000)),
});

/** How the CSV file is read (src/database/csvImport/csvReader.ts CsvOptions). */
const csvOptions = z.strictObject({
  delimiter: z.string().check(z.minLength(1), z.maxLength(1)),
  encoding: z.string().check(z.minLength(1), z.maxLength(40)),
  header: z.boolean(),
});

/** Method schemas per panel. The request bodies are re-checked by the handlers with the client schemas. */
export const METHODS = {
  createInstance: {
    ...formMethods,
    loadCatalog: z.strictObject({}),
    parameterGroups: z.strictObject({ dbVersion: z.string() }),
    submit: z.strictObject({ body: anyBody }),
    reveal: z.strictObject({ dbInstanceId: uuid }),
    track: z.strictObject({ jobId: uuid }),
  },
  restore: {
    ...formMethods,
    loadCatalog: z.strictObject({}),
    parameterGroups: z.strictObject({ dbVersion: z.string() }),
    restorationInfo: z.strictObject({ dbInstanceId: uuid }),
    lastQuery: z.strictObject({ dbInstanceId: uuid, query: anyBody }),
    listBackups: z.strictObject({ dbInstanceId: z.optional(uuid) }),
    submit: z.strictObject({
      mode: z.enum(['instance', 'backup', 'objectStorage']),
      dbInstanceId: z.optional(uuid),
      backupId: z.optional(uuid),
      body: anyBody,
    }),
    reveal: z.strictObject({ dbInstanceId: uuid }),
    track: z.strictObject({ jobId: uuid }),
  },
  replicate: {
    ...formMethods,
    loadCatalog: z.strictObject({}),
    parameterGroups: z.strictObject({ dbVersion: z.string() }),
    submit: z.strictObject({ dbInstanceId: uuid, body: anyBody }),
    reveal: z.strictObject({ dbInstanceId: uuid }),
    track: z.strictObject({ jobId: uuid }),
  },
  parameterGroup: {
    load: z.strictObject({ parameterGroupId: uuid }),
    save: z.strictObject({
      parameterGroupId: uuid,
      modifiedParameters: z.array(z.strictObject({ parameterId: uuid, value: z.string() })).check(z.minLength(1)),
    }),
    copy: z.strictObject({
      parameterGroupId: uuid,
      parameterGroupName: z.string().check(z.minLength(1), z.maxLength(100)),
      description: z.optional(z.string()),
    }),
    compare: z.strictObject({ parameterGroupId: uuid }),
    apply: z.strictObject({ dbInstanceIds: z.array(uuid).check(z.minLength(1)), parameterGroupId: uuid }),
  },
  securityGroup: {
    load: z.strictObject({ dbSecurityGroupId: uuid }),
    addRule: z.strictObject({ dbSecurityGroupId: uuid, rule: anyBody }),
    modifyRule: z.strictObject({ dbSecurityGroupId: uuid, ruleId: uuid, rule: anyBody }),
    deleteRules: z.strictObject({ dbSecurityGroupId: uuid, ruleIds: z.array(uuid).check(z.minLength(1)) }),
  },
  metrics: {
    listMetrics: z.strictObject({}),
    statistics: z.strictObject({
      dbInstanceId: uuid,
      measureNames: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
      from: z.string(),
      to: z.string(),
      interval: z.optional(z.number().check(z.int(), z.minimum(1))),
    }),
  },
  queryResults: {
    cancel: z.strictObject({ runId: z.number().check(z.int(), z.minimum(1)) }),
    export: z.strictObject({
      runId: z.number().check(z.int(), z.minimum(1)),
      index: z.number().check(z.int(), z.minimum(0)),
      /** Which result set of the statement (a CALL may return several). */
      set: z.number().check(z.int(), z.minimum(0)),
      format: z.enum(['csv', 'tsv', 'json', 'md', 'sql']),
    }),
    /** Selected cells as text (tab-separated or a Markdown table), for the clipboard. */
    copy: z.strictObject({ text: z.string().check(z.maxLength(50_000_000)) }),
    /** The key a table's rows are edited by, or why they cannot be. */
    tableKey: z.strictObject({
      schema: z.string().check(z.minLength(1), z.maxLength(64)),
      table: z.string().check(z.minLength(1), z.maxLength(64)),
    }),
    /** A result's rows opened in the table editor. */
    editRows: z.strictObject({
      schema: z.string().check(z.minLength(1), z.maxLength(64)),
      table: z.string().check(z.minLength(1), z.maxLength(64)),
      rows: keyRows,
    }),
  },
  // The plan view only shows what it is given.
  queryPlan: {},
  tableData: {
    page: z.strictObject({
      offset: z.number().check(z.int(), z.minimum(0)),
      filter: z.optional(z.string().check(z.maxLength(10_000))),
      sort: z.optional(z.strictObject({ column: z.string().check(z.maxLength(64)), descending: z.boolean() })),
    }),
    preview: z.strictObject({ edits: z.array(rowEdit).check(z.maxLength(10_000)) }),
    apply: z.strictObject({ edits: z.array(rowEdit).check(z.minLength(1), z.maxLength(10_000)) }),
    copy: z.strictObject({ text: z.string().check(z.maxLength(50_000_000)) }),
    /** The staged edits now (kept by the extension, so a closed table can be reopened with them). */
    dirty: z.strictObject({ edits: z.array(rowEdit).check(z.maxLength(10_000)) }),
    /** A reloaded window's webview names its table again (from its saved state). */
    resume: z.strictObject({
      ref: z.strictObject({
        sessionId: z.string().check(z.minLength(1), z.maxLength(1000)),
        schema: z.string().check(z.minLength(1), z.maxLength(64)),
        table: z.string().check(z.minLength(1), z.maxLength(64)),
        instanceName: z.string().check(z.maxLength(255)),
        user: z.string().check(z.maxLength(255)),
        rows: z.optional(keyRows),
      }),
    }),
  },
  csvImport: {
    preview: z.strictObject({ options: csvOptions }),
    import: z.strictObject({
      options: csvOptions,
      /** Per column of the table: the CSV field it takes, or null (not imported). */
      mapping: z.array(z.nullable(z.number().check(z.int(), z.minimum(0)))).check(z.maxLength(4096)),
      mode: z.enum(['all', 'batch']),
    }),
    cancel: z.strictObject({}),
  },
} satisfies Record<PanelKind, MethodSchemas>;

export type MethodsOf<K extends PanelKind> = (typeof METHODS)[K];
export type ParamsOf<K extends PanelKind, M extends keyof MethodsOf<K>> = z.infer<MethodsOf<K>[M] & z.ZodMiniType>;

/** Where a panel points: kept in the webview state, so a reloaded window reopens the same thing. */
export interface PanelTarget {
  region: Region;
  /** The RDS product the panel acts on (RDS for MySQL when left out, as panels saved before it). */
  product?: RdsProductId;
  /** The instance, parameter group, security group or backup the panel works on. */
  id?: string;
  /** What the title shows (a name). */
  label?: string;
  /** Restore only: what `id` names. */
  source?: 'instance' | 'backup' | 'objectStorage';
}

export const panelTargetSchema = z.strictObject({
  // Any region of the sites table: a KR4 site's instance opens its forms too.
  region: z.enum(REGION_ORDER),
  product: z.optional(z.enum(RDS_PRODUCT_ORDER)),
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  label: z.optional(z.string().check(z.maxLength(255))),
  source: z.optional(z.enum(['instance', 'backup', 'objectStorage'])),
});

/** The part of a webview's saved state the extension reads back when the window reloads. */
export function targetFromState(state: unknown): PanelTarget | undefined {
  const t = state && typeof state === 'object' ? (state as { target?: unknown }).target : undefined;
  const r = panelTargetSchema.safeParse(t);
  return r.success ? r.data : undefined;
}

export type InboundMessage = { type: 'ready' } | { type: 'request'; id: number; method: string; params: unknown };

const readyMessage = z.strictObject({ type: z.literal('ready') });
const requestEnvelope = z.strictObject({
  type: z.literal('request'),
  id: requestId,
  method: z.string(),
  params: z.unknown(),
});

export type ParseResult = { ok: true; message: InboundMessage } | { ok: false; reason: string };

/**
 * Checks one message from a webview of `kind`: the envelope strictly, then the params of the
 * named method strictly. Returns the reason on rejection (for the log; nothing secret in it:
 * values are not echoed, only paths and codes).
 */
export function parseInbound(kind: PanelKind, raw: unknown): ParseResult {
  const type = raw && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;
  if (type === 'ready') {
    const r = readyMessage.safeParse(raw);
    return r.success
      ? { ok: true, message: { type: 'ready' } }
      : { ok: false, reason: `bad ready message: ${describeIssues(r.error.issues)}` };
  }
  if (type !== 'request')
    return { ok: false, reason: `unknown message type ${JSON.stringify(String(type)).slice(0, 40)}` };
  const env = requestEnvelope.safeParse(raw);
  if (!env.success) return { ok: false, reason: `bad request envelope: ${describeIssues(env.error.issues)}` };
  const methods: MethodSchemas = METHODS[kind];
  const schema = Object.hasOwn(methods, env.data.method) ? methods[env.data.method] : undefined;
  if (!schema)
    return { ok: false, reason: `unknown method ${JSON.stringify(env.data.method.slice(0, 40))} for panel ${kind}` };
  const params = schema.safeParse(env.data.params ?? {});
  if (!params.success)
    return { ok: false, reason: `bad params for ${env.data.method}: ${describeIssues(params.error.issues)}` };
  return { ok: true, message: { type: 'request', id: env.data.id, method: env.data.method, params: params.data } };
}

function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; code?: string; keys?: string[] }>): string {
  return issues
    .slice(0, 5)
    .map(
      (i) =>
        `${i.path.map(String).join('.') || '(root)'}: ${i.code ?? 'invalid'}${i.keys ? ` [${i.keys.join(', ')}]` : ''}`,
    )
    .join('; ');
}
