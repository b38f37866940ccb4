// Pure logic of the parameter-group editor: filtering, pending changes, the diff shown before
// Save, the restart warning and the comparison of two groups. Shared by the webview and tests.

export interface Parameter {
  parameterId: string;
  parameterName: string;
  fileParameterName?: string;
  parameterFileGroup?: string;
  value: string;
  defaultValue: string;
  allowedValue?: string | null;
  updateType: string;
  applyType: string;
}

export interface ParameterFilter {
  text: string;
  modifiedOnly: boolean;
  differsFromDefault: boolean;
}

/** Pending edits: parameterId -> new value. */
export type PendingChanges = Record<string, string>;

export interface DiffRow {
  parameterId: string;
  parameterName: string;
  from: string;
  to: string;
  applyType: string;
}

/**
 * Indexes of the parameters that pass the filter. Matching is a lower-case substring test on a
 * precomputed key, so 600 parameters filter in well under a frame.
 */
export function filterParameters(
  params: Parameter[],
  keys: string[],
  pending: PendingChanges,
  f: ParameterFilter,
): number[] {
  const needle = f.text.trim().toLowerCase();
  const out: number[] = [];
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    if (needle && !keys[i].includes(needle)) continue;
    const current = Object.hasOwn(pending, p.parameterId) ? pending[p.parameterId] : p.value;
    if (f.modifiedOnly && !Object.hasOwn(pending, p.parameterId)) continue;
    if (f.differsFromDefault && current === p.defaultValue) continue;
    out.push(i);
  }
  return out;
}

/** The search key of each parameter (name, file name, value, file group), lower-cased once. */
export function searchKeys(params: Parameter[]): string[] {
  return params.map((p) =>
    `${p.parameterName}\u0000${p.fileParameterName ?? ''}\u0000${p.value}\u0000${p.parameterFileGroup ?? ''}`.toLowerCase(),
  );
}

/** Records an edit; an edit back to the saved value is no edit. Returns a new object. */
export function setPending(pending: PendingChanges, p: Parameter, value: string): PendingChanges {
  const next = { ...pending };
  if (value === p.value) delete next[p.parameterId];
  else next[p.parameterId] = value;
  return next;
}

export function diffRows(params: Parameter[], pending: PendingChanges): DiffRow[] {
  return params
    .filter((p) => Object.hasOwn(pending, p.parameterId))
    .map((p) => ({
      parameterId: p.parameterId,
      parameterName: p.parameterName,
      from: p.value,
      to: pending[p.parameterId],
      applyType: p.applyType,
    }));
}

/** True when one of the changes only takes effect after a restart (applyType FILE or BOTH). */
export function needsRestart(rows: DiffRow[]): boolean {
  return rows.some((r) => r.applyType === 'FILE' || r.applyType === 'BOTH');
}

/** Pending edits that set every editable, changed parameter back to its default. */
export function resetToDefaults(params: Parameter[], editable: (p: Parameter) => boolean): PendingChanges {
  const out: PendingChanges = {};
  for (const p of params) if (editable(p) && p.value !== p.defaultValue) out[p.parameterId] = p.defaultValue;
  return out;
}

export interface CompareRow {
  parameterName: string;
  left?: string;
  right?: string;
}

/** Parameters whose values differ between two groups (matched by name), sorted by name. */
export function compareGroups(left: Parameter[], right: Parameter[]): CompareRow[] {
  const r = new Map(right.map((p) => [p.parameterName, p.value]));
  const rows: CompareRow[] = [];
  const seen = new Set<string>();
  for (const p of left) {
    seen.add(p.parameterName);
    const other = r.get(p.parameterName);
    if (other !== p.value) rows.push({ parameterName: p.parameterName, left: p.value, right: other });
  }
  for (const p of right) if (!seen.has(p.parameterName)) rows.push({ parameterName: p.parameterName, right: p.value });
  return rows.sort((a, b) => a.parameterName.localeCompare(b.parameterName));
}
