// Reads an "RDS for MySQL API" guide as NHN Cloud publishes it (the markdown of the public repository
// TOAST-DOCS/RDS) into its endpoints: method, path, required permission, request fields (URL, Query and
// Body, nested with dots), the values a field's description lists, response fields, and the first
// request and response examples. Both layouts the vendor has used are read:
//
// - the current one (2026-05, `en/public/api-guide-mysql-v4.0.md`, `-v3.0.md` and one folder per site):
//   `<a id>` anchors, `### Title { #id }`, `#### Request` with a ```http block, `#### Request Parameters`
//   (Name | Type | Format | Required | Description, Type URL or Query, Required Y or N), `#### Request Body`
//   with an example in <details> and a Name | Format | Required | Description table, tables under headings
//   that name a condition ("When using high availability", "If restoreType is `BINLOG`"), `#### Response`
//   with an example and a Name | Format | Description table;
// - the one before it (`en/api-guide-v4.0.md`): one Name | Type | Format | Required | Description table
//   whose Type is URL, Query or Body and whose Required is O or X, "O (if restoreType is `BACKUP`)".
//
// An endpoint is a `### ` section holding a ```http block; other sections (status tables) are skipped.
// Broken table rows (a cell spilled onto the next line, a missing closing pipe) are joined back. Examples
// are parsed as JSON after removing comments, trailing commas and `...` placeholders; one that still does
// not parse is kept as null, with a warning naming the endpoint.

export interface GuideField {
  name: string;
  /** Required whatever the other fields say. */
  required: boolean;
  format: string;
  /** Required only under these conditions (a heading such as "When using high availability", or a cell's "if ..."). */
  requiredWhen?: string[];
  /** The values the description lists (`- \`VALUE\`: ...`). */
  values?: string[];
}

export interface GuideEndpoint {
  title: string;
  method: string;
  path: string;
  /** The permission the guide names (`RDSforMySQL:Backup.Create`); '' where it names none (v3.0). */
  permission: string;
  pathParams: string[];
  query: GuideField[];
  body: GuideField[];
  response: { name: string; format: string }[];
  /** The first request example, or null. */
  requestExample: unknown;
  /** The first response example without its "header", or null. */
  responseExample: unknown;
}

export interface ParsedGuide {
  /** The API version the paths name (`v3.0`, `v4.0`). */
  version: string;
  endpoints: GuideEndpoint[];
  /** Examples that parsed only after cleaning, by endpoint title. */
  cleaned: string[];
  warnings: string[];
}

/** Section headings that are not a condition. */
const PLAIN_HEADINGS = new Set([
  'request',
  'request parameters',
  'request body',
  'required permissions',
  'required permission',
  'permission',
  'permissions',
  'response',
  'response body',
]);

interface Section {
  title: string;
  lines: string[];
}

/** Splits the guide into `### ` sections (a `## ` heading also ends one); `{ #id }` leaves the title. */
function sections(lines: string[]): Section[] {
  const out: Section[] = [];
  let current: Section | null = null;
  for (const line of lines) {
    if (/^##\s/.test(line) || /^###\s/.test(line)) {
      if (current) out.push(current);
      current = /^###\s/.test(line) ? { title: headingText(line), lines: [] } : null;
    } else if (current) {
      current.lines.push(line);
    }
  }
  if (current) out.push(current);
  return out;
}

const headingText = (line: string) =>
  line
    .replace(/^#+\s+/, '')
    .replace(/\s*\{\s*#[^}]*\}\s*$/, '')
    .trim();

const isRowStart = (line: string) => line.startsWith('|');
const isClosed = (line: string) => line.trim().length > 1 && line.trim().endsWith('|');

function cells(row: string): string[] {
  let s = row.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|')) s = s.slice(0, -1);
  return s.split('|').map((c) => c.trim());
}

interface Table {
  header: string[] | null;
  rows: Record<string, string>[];
  end: number;
}

/**
 * Reads the table starting at lines[start]. A line that does not start with a pipe continues the row above
 * when that row is incomplete (no closing pipe, or fewer cells than the header); otherwise it ends the table,
 * as do a blank line and a heading.
 */
function readTable(lines: string[], start: number, warn: (m: string) => void): Table {
  const rows: string[] = [];
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '' || /^#/.test(line)) break;
    if (isRowStart(line)) {
      rows.push(line);
      continue;
    }
    const prev = rows[rows.length - 1];
    const width = rows.length ? cells(rows[0]).length : 0;
    if (prev !== undefined && (!isClosed(prev) || cells(prev).length < width)) {
      warn(`joined a table row broken over two lines: "${prev.trim().slice(0, 60)}\u2026"`);
      rows[rows.length - 1] = `${prev.trimEnd()} ${line.trim()}`;
      continue;
    }
    break;
  }
  const [head, sep, ...body] = rows;
  if (!sep || !/^\|?\s*:?-{2,}/.test(sep.trim())) return { header: null, rows: [], end: i };
  const header = cells(head);
  const parsed = body.map((r) => {
    const c = cells(r);
    if (c.length !== header.length) warn(`row with ${c.length} cells under ${header.length} headers: ${r.trim()}`);
    return Object.fromEntries(header.map((h, k) => [h, c[k] ?? '']));
  });
  return { header, rows: parsed, end: i };
}

/** The values a description lists, one a `<br/>`-separated item: "- `VALUE`: what it means" or "- `VALUE`". */
export function listedValues(description: string): string[] {
  const values: string[] = [];
  for (const item of description.split(/<br\s*\/?>/i)) {
    const m = /^\s*[-*]\s*`([^`]+)`\s*(?::|$|\s)/.exec(item);
    if (m) values.push(m[1]);
  }
  return values;
}

/** Removes `//` and block comments outside strings. */
function stripComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      out += ch;
      if (ch === '\\') out += text[++i] ?? '';
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i < 0) i = text.length;
      else i++;
    } else {
      out += ch;
    }
  }
  return out;
}

function parseExample(text: string, which: string, onCleaned: () => void, warn: (m: string) => void): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // cleaned below
  }
  const clean = stripComments(text)
    .replace(/^\s*(\.\.\.|\u2026),?\s*$/gm, '') // a line that is only a placeholder
    .replace(/,\s*(\.\.\.|\u2026)(?=\s*[\]}])/g, '') // `, ...` before a closing bracket
    .replace(/,(\s*[\]}])/g, '$1'); // trailing commas
  try {
    const value: unknown = JSON.parse(clean);
    onCleaned();
    return value;
  } catch (e) {
    warn(`${which} example does not parse as JSON (${(e as Error).message}); kept null`);
    return null;
  }
}

/** "O", "O (if restoreType is `BACKUP`)", "Y": required; "X", "N": not. */
function requiredCell(cell: string): { required: boolean; when?: string } | null {
  const c = cell.trim();
  if (/^(Y|O)$/i.test(c)) return { required: true };
  if (/^(N|X)$/i.test(c) || c === '') return { required: false };
  const m = /^(?:Y|O)\s*\((.+)\)$/i.exec(c);
  if (m) return { required: true, when: m[1].trim() };
  return null;
}

function addField(list: GuideField[], field: GuideField) {
  const same = list.find((f) => f.name === field.name);
  if (!same) {
    list.push(field);
    return;
  }
  // Listed twice (under two conditions, or in the main table and under a condition): one row.
  if (field.required) {
    same.required = true;
    delete same.requiredWhen;
  } else if (field.requiredWhen && !same.required) {
    same.requiredWhen = [...new Set([...(same.requiredWhen ?? []), ...field.requiredWhen])];
  }
  if (field.values) same.values = [...new Set([...(same.values ?? []), ...field.values])];
}

function endpoint(section: Section, warnings: string[], cleaned: string[]): GuideEndpoint {
  const { title, lines } = section;
  const warn = (m: string) => warnings.push(`${title}: ${m}`);
  const e = { title, method: '', path: '', permission: '' };
  const fields: Record<'URL' | 'Query' | 'Body', GuideField[]> = { URL: [], Query: [], Body: [] };
  const response: { name: string; format: string }[] = [];
  const examples: { request: string[]; response: string[] } = { request: [], response: [] };
  let heading = '';
  let inResponse = false;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^#{4,}\s/.test(line)) {
      heading = headingText(line);
      if (/^Response\b/i.test(heading)) inResponse = true;
      continue;
    }
    const fence = /^```\s*(\w*)\s*$/.exec(line.trim());
    if (fence) {
      let j = i + 1;
      while (j < lines.length && lines[j].trim() !== '```') j++;
      const text = lines.slice(i + 1, j).join('\n');
      if (fence[1] === 'http') {
        const m = /^\s*(GET|POST|PUT|DELETE|PATCH)\s+(\S+)/m.exec(text);
        if (m && !e.method) [, e.method, e.path] = m;
      } else if (fence[1] === 'json' || fence[1] === '') {
        examples[inResponse ? 'response' : 'request'].push(text);
      }
      i = j;
      continue;
    }
    if (!isRowStart(line)) continue;
    const table = readTable(lines, i, warn);
    i = table.end - 1;
    if (!table.header) continue;
    const h = table.header.map((x) => x.toLowerCase());
    if (h[0].startsWith('permission')) {
      const perms = table.rows.map((r) => r[table.header![0]]).filter((p) => /^RDSfor\w+:/.test(p));
      if (perms.length !== 1) warn(`permission table lists ${perms.length} permissions: ${perms.join(', ')}`);
      if (!e.permission && perms.length) e.permission = perms[0];
      continue;
    }
    if (h[0] !== 'name' || !h.includes('format')) {
      warn(`table not read (columns ${table.header.join(', ')})`);
      continue;
    }
    const condition = PLAIN_HEADINGS.has(heading.toLowerCase()) ? undefined : heading;
    for (const r of table.rows) {
      const name = r.Name.replace(/`/g, '').trim();
      const format = (r.Format ?? '').trim();
      if (inResponse) {
        if (!response.some((f) => f.name === name)) response.push({ name, format });
        else warn(`response field ${name} listed twice`);
        continue;
      }
      // Request tables: with a Type column (parameters; the old layout's body rows too) or without (body).
      const type = h.includes('type') ? (r.Type ?? '').trim() : 'Body';
      if (type === 'Header') continue;
      if (!(type === 'URL' || type === 'Query' || type === 'Body')) {
        warn(`request field ${name} of type "${type}" not read`);
        continue;
      }
      const cell = requiredCell(r.Required ?? '');
      if (!cell) warn(`request field ${name} with Required cell "${r.Required}"`);
      const when = cell?.when ?? condition;
      const field: GuideField = { name, required: Boolean(cell?.required) && !when, format };
      if (cell?.required && when) field.requiredWhen = [when];
      const values = listedValues(r.Description ?? '');
      if (values.length) field.values = values;
      addField(fields[type], field);
    }
  }

  const onCleaned = (which: string) => () => cleaned.push(`${title} (${which})`);
  const [reqText] = examples.request;
  const [resText] = examples.response;
  const requestExample = reqText === undefined ? null : parseExample(reqText, 'request', onCleaned('request'), warn);
  let responseExample = resText === undefined ? null : parseExample(resText, 'response', onCleaned('response'), warn);
  if (requestExample && typeof requestExample === 'object' && 'header' in requestExample) {
    warn('the request example has a "header" key');
  }
  if (responseExample && typeof responseExample === 'object' && !Array.isArray(responseExample)) {
    const { header: _header, ...rest } = responseExample as Record<string, unknown>;
    responseExample = rest;
  }
  if (examples.request.length > 1) warn(`${examples.request.length} request examples; kept the first`);
  if (examples.response.length > 1) warn(`${examples.response.length} response examples; kept the first`);

  return {
    ...e,
    pathParams: fields.URL.map((f) => f.name),
    query: fields.Query,
    body: fields.Body,
    response,
    requestExample,
    responseExample,
  };
}

/** Reads a guide's markdown. Throws when it holds no endpoint or mixes API versions. */
export function parseGuide(markdown: string): ParsedGuide {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const warnings: string[] = [];
  const cleaned: string[] = [];
  const endpoints = sections(lines)
    .filter((s) => s.lines.some((l) => /^```http\s*$/.test(l.trim())))
    .map((s) => endpoint(s, warnings, cleaned));
  if (!endpoints.length) throw new Error('no endpoint found (a `### ` section with a ```http block)');
  const versions = new Set(endpoints.map((e) => /^\/(v\d+\.\d+)\//.exec(e.path)?.[1] ?? '?'));
  if (versions.size !== 1 || versions.has('?')) {
    throw new Error(`the guide's paths name ${[...versions].join(', ')}: one API version expected`);
  }
  return { version: [...versions][0], endpoints, cleaned, warnings };
}
