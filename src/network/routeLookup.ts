// "Where does this address route?": the longest-prefix match of an IP or CIDR across the
// routing tables of a transit hub. vscode-free and pure, so it is unit-tested.
import { l10n } from '../shared/l10n';
import { cidrProblem, intToIpv4, ipv4ToInt, isIpv4 } from '../client/network/schemas';

export interface Prefix {
  base: number;
  length: number;
  text: string;
}

export interface LookupRule {
  id: string;
  cidr?: string | null;
  action?: string | null;
  rule_type?: string | null;
  attachment_id?: string | null;
  description?: string | null;
}

export interface LookupTable {
  id: string;
  name?: string | null;
  default_table?: boolean;
  rules: LookupRule[];
  /** Attachments associated with the table (traffic from them is routed by it). */
  associatedAttachmentIds?: string[];
}

export interface TableAnswer {
  table: LookupTable;
  /** The rule that wins: longest prefix; on a tie STATIC beats PROPAGATED. */
  match?: LookupRule;
  /** Every rule whose range contains the target, best first. */
  candidates: LookupRule[];
}

const mask = (len: number): number => (len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0);

/** An IPv4 address (a /32) or a CIDR; a CIDR with host bits is refused with the hint of cidrProblem. */
export function parsePrefix(text: string): Prefix | { error: string } {
  const t = text.trim();
  if (isIpv4(t)) return { base: ipv4ToInt(t), length: 32, text: `${t}/32` };
  const problem = cidrProblem(t);
  if (problem) return { error: l10n.t('"{0}" is neither an IPv4 address nor a valid range ({1}).', t, problem) };
  const [ip, len] = t.split('/');
  return { base: ipv4ToInt(ip), length: Number(len), text: `${intToIpv4(ipv4ToInt(ip))}/${Number(len)}` };
}

/** True when `outer` (a rule's CIDR) contains the whole of `inner`. */
export function prefixContains(outer: Prefix, inner: Prefix): boolean {
  return outer.length <= inner.length && (inner.base & mask(outer.length)) >>> 0 === outer.base;
}

function ruleRank(r: LookupRule, p: Prefix): [number, number] {
  return [p.length, r.rule_type === 'STATIC' ? 1 : 0];
}

/** The answer of one table: rules containing the target, longest prefix first. */
export function lookupInTable(table: LookupTable, target: Prefix): TableAnswer {
  const scored: Array<{ r: LookupRule; rank: [number, number] }> = [];
  for (const r of table.rules) {
    if (!r.cidr) continue;
    const p = parsePrefix(r.cidr);
    if ('error' in p) continue;
    if (prefixContains(p, target)) scored.push({ r, rank: ruleRank(r, p) });
  }
  scored.sort((a, b) => b.rank[0] - a.rank[0] || b.rank[1] - a.rank[1]);
  const candidates = scored.map((s) => s.r);
  return { table, match: candidates[0], candidates };
}

/** The answer of every table of a hub, tables with a match first, then by name. */
export function lookupRoute(tables: readonly LookupTable[], target: Prefix): TableAnswer[] {
  return tables
    .map((t) => lookupInTable(t, target))
    .sort(
      (a, b) =>
        Number(!!b.match) - Number(!!a.match) || String(a.table.name ?? '').localeCompare(String(b.table.name ?? '')),
    );
}

/** One line per table for a person: "prod: 10.20.0.0/16 FORWARD to db-attachment (STATIC)". */
export function describeAnswer(a: TableAnswer, attachmentName: (id: string | null | undefined) => string): string {
  const name = a.table.name || a.table.id;
  if (!a.match) return l10n.t('{0}: no rule matches (traffic is dropped)', name);
  const m = a.match;
  const ruleType = m.rule_type ?? 'STATIC';
  return m.action === 'BLACKHOLE'
    ? l10n.t('{0}: {1} dropped (BLACKHOLE) ({2})', name, m.cidr, ruleType)
    : l10n.t('{0}: {1} FORWARD to {2} ({3})', name, m.cidr, attachmentName(m.attachment_id), ruleType);
}
