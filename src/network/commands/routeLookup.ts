// "Where does this address route?": an IP or CIDR and a hub; every routing table of the hub is
// read with its rules and associations, and the longest-prefix match of each is shown (rule,
// action, attachment). Picking a row reveals the rule in the tree. The matching is the pure
// function of ../routeLookup.ts.
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import { describeAnswer, lookupRoute, parsePrefix, type LookupTable, type TableAnswer } from '../routeLookup';
import type { NetworkDeps } from '../tree/root';
import { hubFrom } from './targets';
import { ask } from '../../shared/prompts';
import { networkIds } from '../tree/ids';
import { mdCell, showReport } from '../../shared/reportDocument';
import { formatDateTime } from '../../shared/l10n';

/** A routing table's name, marked when it is the hub's default table. */
function tableName(t: LookupTable): string {
  const name = t.name || t.id;
  return t.default_table ? vscode.l10n.t('{0} (default)', name) : name;
}

/** The detail line of a table: which attachments it routes, and the other rules that matched (one whole message per case). */
function trafficFrom(attachments: string, alsoMatching: string): string {
  if (attachments && alsoMatching)
    return vscode.l10n.t('Traffic from: {0} · also matching: {1}', attachments, alsoMatching);
  if (attachments) return vscode.l10n.t('Traffic from: {0}', attachments);
  if (alsoMatching) return vscode.l10n.t('Traffic from: no associated attachment · also matching: {0}', alsoMatching);
  return vscode.l10n.t('Traffic from: no associated attachment');
}

/** What one routing table's answer says, in the same words in the report and in the pick. */
function answerParts(a: TableAnswer, name: (id: string | null | undefined) => string) {
  const m = a.match;
  return {
    action: m ? (m.action ?? 'FORWARD') : '',
    // A blackhole drops the traffic: it goes to no attachment.
    to: m && m.action !== 'BLACKHOLE' ? name(m.attachment_id) : '',
    ruleType: m ? (m.rule_type ?? 'STATIC') : '',
    trafficFrom: a.table.associatedAttachmentIds?.map(name).join(', ') ?? '',
    alsoMatching: a.candidates
      .slice(1)
      .map((c) => c.cidr ?? '')
      .join(', '),
  };
}

/** The answer as a Markdown document: one row per routing table, what matched and where it goes. */
function lookupReport(
  target: string,
  hub: string,
  answers: readonly TableAnswer[],
  name: (id: string | null | undefined) => string,
): string {
  const head = [
    vscode.l10n.t('Routing table'),
    vscode.l10n.t('Matching rule'),
    vscode.l10n.t('Action'),
    vscode.l10n.t('To'),
    vscode.l10n.t('Rule type'),
    vscode.l10n.t('Traffic from'),
    vscode.l10n.t('Also matching'),
  ];
  const rows = answers.map((a) => {
    const p = answerParts(a, name);
    return [
      tableName(a.table),
      a.match?.cidr ?? vscode.l10n.t('no rule matches: dropped'),
      p.action,
      p.to,
      p.ruleType,
      p.trafficFrom,
      p.alsoMatching,
    ];
  });
  return [
    // The Markdown heading mark is part of the message: the sentence stays whole for translators.
    vscode.l10n.t('# Where does {0} route via {1}?', target, hub),
    '',
    vscode.l10n.t('Longest-prefix match in each routing table of the hub, looked up {0}.', formatDateTime(new Date())),
    '',
    `| ${head.map(mdCell).join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`),
    '',
  ].join('\n');
}

export function routeLookupCommands(deps: NetworkDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.network.routeLookup': async (node?: unknown, given?: string): Promise<TableAnswer[]> => {
      const title = vscode.l10n.t('Where Does This Address Route?');
      const h = await hubFrom(node, deps, title);
      const text =
        typeof given === 'string'
          ? given
          : await ask({
              title: vscode.l10n.t('Where Does This Address Route? ({0})', h.hub.name ?? h.hub.id),
              prompt: vscode.l10n.t('An IPv4 address or range'),
              placeHolder: vscode.l10n.t('10.20.1.15 or 10.20.0.0/24'),
              validateInput: (t) => {
                const p = parsePrefix(t);
                return 'error' in p ? p.error : undefined;
              },
            });
      const target = parsePrefix(text);
      if ('error' in target) throw new Error(target.error);
      const [tables, attachments] = await Promise.all([
        h.net.listRoutingTables({ query: { transithub_id: h.hub.id } }),
        h.net.listAttachments({ query: { transithub_id: h.hub.id } }),
      ]);
      const names = new Map(attachments.map((a) => [a.id, a.name || a.id]));
      const name = (id: string | null | undefined) => (id ? (names.get(id) ?? id) : vscode.l10n.t('no attachment'));
      const full: LookupTable[] = await Promise.all(
        tables.map(async (t) => {
          const [rules, assocs] = await Promise.all([
            h.net.listRoutingRules({ query: { routing_table_id: t.id } }),
            h.net.listRoutingAssociations({ query: { routing_table_id: t.id } }),
          ]);
          return {
            id: t.id,
            name: t.name,
            default_table: t.default_table,
            rules,
            associatedAttachmentIds: assocs.map((a) => a.attachment_id ?? '').filter(Boolean),
          };
        }),
      );
      const answers = lookupRoute(full, target);
      deps.services.log.info(
        `Route lookup ${target.text} on hub ${h.hub.id}: ${answers.map((a) => describeAnswer(a, name)).join('; ')}`,
      );
      if (!answers.length) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Transit hub {0} has no routing table.', h.hub.name ?? h.hub.id),
        );
        return answers;
      }
      const hubName = h.hub.name ?? h.hub.id;
      // The answer stays in a read-only Markdown document (it can be copied); the pick over it
      // reveals a matched rule in the tree.
      await showReport(
        vscode.l10n.t('Route of {0} via {1}.md', target.text, hubName),
        lookupReport(target.text, hubName, answers, name),
      );
      const items = answers.map((a) => {
        const p = answerParts(a, name);
        return {
          label: `${a.match ? (a.match.action === 'BLACKHOLE' ? '$(circle-slash)' : '$(arrow-right)') : '$(close)'} ${tableName(a.table)}`,
          description: a.match
            ? `${a.match.cidr} · ${p.action}${p.to ? ` → ${p.to}` : ''} · ${p.ruleType}`
            : vscode.l10n.t('no rule matches: dropped'),
          detail: trafficFrom(p.trafficFrom, p.alsoMatching),
          a,
        };
      });
      // Not awaited: the command answers (scenarios read it) while the pick stays open.
      void vscode.window
        .showQuickPick(items, {
          title: vscode.l10n.t('{0} via {1}: longest-prefix match per routing table', target.text, hubName),
          placeHolder: vscode.l10n.t('Pick a table to reveal its matching rule in the explorer'),
          matchOnDescription: true,
          matchOnDetail: true,
        })
        .then(async (p) => {
          if (p?.a.match)
            await deps.explorer.reveal(
              networkIds.item(
                networkIds.folder(
                  networkIds.item(networkIds.folder(h.hubNodeId, 'routingTable'), p.a.table.id),
                  'rule',
                ),
                p.a.match.id,
              ),
            );
        });
      return answers;
    },
  };
}
