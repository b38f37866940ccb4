// What every network handler shares: Neutron's error body, request body and filter checks
// against the client's operations table, the transit-hub segment names and labels.
import { type NetworkOperation } from '../../../client/network/operations';
import { issuesOf } from '../../../client/network/http';
import { type SandboxCall, type SandboxReply } from '../../server';

export type Rec = Record<string, unknown> & { id: string };

/** `2024-02-12 22:19:05`: the transit hub's timestamp form. */
export const hubTime = (d = new Date()) => d.toISOString().slice(0, 19).replace('T', ' ');
export const isoTime = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const json = (status: number, body: unknown): SandboxReply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export class Refusal {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly message: string,
  ) {}
}
export const refuse = (status: number, type: string, message: string): never => {
  throw new Refusal(status, type, message);
};
export const neutron = (r: Refusal): SandboxReply =>
  json(r.status, { NeutronError: { type: r.type, message: r.message, detail: '' } });

/** The transit-hub segments (collection path names) the model knows. */
export const SEG = {
  hub: 'transithubs',
  attachment: 'transithub_attachments',
  table: 'transithub_routing_tables',
  association: 'transithub_routing_associations',
  propagation: 'transithub_routing_propagations',
  rule: 'transithub_routing_rules',
  domain: 'transithub_multicast_domains',
  mAssociation: 'transithub_multicast_associations',
  group: 'transithub_multicast_groups',
  hubAllow: 'transithub_allow_projects',
  hubShared: 'transithub_shared_lists',
  domainAllow: 'transithub_multicast_domain_allow_projects',
  domainShared: 'transithub_multicast_domain_shared_lists',
} as const;

export const LABEL: Record<string, string> = {
  [SEG.hub]: 'Transit hub',
  [SEG.attachment]: 'Transit hub attachment',
  [SEG.table]: 'Routing table',
  [SEG.association]: 'Routing association',
  [SEG.propagation]: 'Routing propagation',
  [SEG.rule]: 'Routing rule',
  [SEG.domain]: 'Multicast domain',
  [SEG.mAssociation]: 'Multicast association',
  [SEG.group]: 'Multicast group',
  [SEG.hubAllow]: 'Transit hub share permission',
  [SEG.domainAllow]: 'Multicast domain share permission',
};

export async function readBody(op: NetworkOperation, call: SandboxCall): Promise<Record<string, unknown>> {
  const raw = (await call.body()).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    refuse(400, 'BadRequest', 'The request body is not valid JSON.');
  }
  const inner = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[op.key!] : undefined;
  if (!inner || typeof inner !== 'object')
    refuse(400, 'BadRequest', `Resource body required: wrap the fields in "${op.key}".`);
  const r = op.body!.safeParse(inner);
  if (!r.success) {
    const what = issuesOf(r.error.issues, '', inner)
      .map((i) => `${i.path || op.key}: ${i.message}`)
      .join('; ');
    refuse(400, 'BadRequest', `Invalid input for ${op.key}: ${what}.`);
  }
  return r.data as Record<string, unknown>;
}

export function filtersOf(op: NetworkOperation, call: SandboxCall): Record<string, string | string[]> {
  const q: Record<string, string | string[]> = {};
  for (const k of new Set(call.query.keys())) {
    const all = call.query.getAll(k);
    q[k] = all.length > 1 ? all : all[0];
  }
  if (op.query) {
    const r = op.query.safeParse(q);
    if (!r.success)
      refuse(
        400,
        'InvalidInput',
        `Invalid input for operation: ${issuesOf(r.error.issues, '', q)
          .map((i) => `${i.path || 'query'}: ${i.message}`)
          .join('; ')}.`,
      );
  }
  return q;
}

export function matches(rec: Rec, filters: Record<string, string | string[]>, skip: string[] = []): boolean {
  for (const [k, v] of Object.entries(filters)) {
    if (skip.includes(k) || !(k in rec)) continue;
    const wanted = Array.isArray(v) ? v : [v];
    if (!wanted.includes(String(rec[k]))) return false;
  }
  return true;
}

/** What a response shows of a record (a copy, so later changes do not leak into sent answers). */
export const shown = (r: Rec): Rec => ({ ...r });
