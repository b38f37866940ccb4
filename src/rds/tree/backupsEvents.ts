// The project's Backups folder (paged) and Events folder (paged, newest first, server-side filter).
import * as vscode from 'vscode';
import type { RdsClient } from '../../client/rds/client';
import type { EventCategoryType } from '../../client/rds/schemas';
import { mdFields } from '../../shared/tree/markdown';
import { LeafNode, TreeNode, themeIcon } from '../../shared/tree/nodes';
import { PagedFolderNode } from '../../shared/tree/paging';
import { rdsRoot, when } from './base';
import { backupLabel, eventMessage, formatBytes, statusColour, versionLabel } from './state';
import type { Backup, DbEvent } from './types';
import { eventCategoryLabel, eventCodeText } from '../eventCodes';
import { formatTimestamp } from '../../shared/l10n';
import { toApiDateTime } from '../../client/rds/schemas/fields';
import { inWords, progressText } from '../../shared/apiWords';
import { closedFacet } from '../../shared/menus/nodeKinds';

export async function backupPage(
  rds: RdsClient,
  page: number,
  size: number,
  dbInstanceId?: string,
): Promise<{ items: Backup[]; total?: number }> {
  const r = await rds.listBackups({ query: { page, size, ...(dbInstanceId ? { dbInstanceId } : {}) } });
  return { items: r?.backups ?? [], total: r?.totalCounts };
}

export class BackupNode extends TreeNode {
  readonly id: string;
  readonly label: string;
  constructor(
    parent: TreeNode,
    readonly data: Backup,
    /**
     * Whether the product and API version give a backup's details (v4.0's getBackup: RDS for
     * MySQL's current release, not RDS for MariaDB's): the row offers Show Backup Details only then.
     */
    readonly detailed: boolean,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/${data.backupId}`;
    this.label = backupLabel(data);
  }
  getTreeItem(): vscode.TreeItem {
    const b = this.data;
    const busy = b.backupStatus === 'BACKING_UP' || b.backupStatus === 'DELETING';
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = `rds.backup.${closedFacet(b.backupStatus, ['completed', 'error'])}${this.detailed ? '.details' : ''}`;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : themeIcon('archive', statusColour(b.backupStatus));
    // The date first (what tells backups apart; a narrow sidebar cuts the end), then the rest.
    item.description = [
      when(b.createdYmdt),
      busy ? progressText(b.backupStatus!) : inWords(b.backupStatus),
      inWords(b.backupType),
      formatBytes(b.backupSize),
    ]
      .filter(Boolean)
      .join(' · ');
    return item;
  }
  /** On hover: the source instance by its name (the list gives only its id). */
  override async resolveTooltip(): Promise<vscode.MarkdownString> {
    const b = this.data;
    const names = b.dbInstanceId ? await rdsRoot(this).resourceNames() : undefined;
    const source = b.dbInstanceId ? (names?.get(b.dbInstanceId) ?? b.dbInstanceId) : undefined;
    return new vscode.MarkdownString(
      mdFields(this.label, [
        [vscode.l10n.t('Status'), inWords(b.backupStatus)],
        [vscode.l10n.t('Type'), inWords(b.backupType)],
        [vscode.l10n.t('Size'), formatBytes(b.backupSize)],
        [vscode.l10n.t('Engine'), versionLabel(b.dbVersion)],
        [vscode.l10n.t('Source instance'), source],
        ['ID', b.backupId],
        [vscode.l10n.t('Created'), formatTimestamp(b.createdYmdt, { zone: true })],
      ]),
    );
  }
}

export class BackupsFolderNode extends PagedFolderNode<Backup> {
  readonly id: string;
  readonly label = vscode.l10n.t('Backups');
  protected readonly kind = 'rds.folder.backups';
  protected override icon = 'archive';
  protected override emptyText = vscode.l10n.t('No backup');
  constructor(parent: TreeNode) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/backup`;
  }
  /** What the last page's client said of backup details (BackupNode's `detailed`). */
  private detailed = false;
  protected async fetchPage(page: number, size: number) {
    const rds = await rdsRoot(this).client();
    this.detailed = rds.has('getBackup');
    return backupPage(rds, page, size);
  }
  protected toNode(b: Backup): TreeNode {
    return new BackupNode(this, b, this.detailed);
  }
}

/** Server-side event query (nhncloud.rds.filterEvents); the name filter works on top of it. */
export interface EventQuery {
  category: EventCategoryType;
  keyword?: string;
  /** Only the events of one resource (an instance's "Show Events"), with its name for the folder's description. */
  sourceId?: string;
  sourceName?: string;
  /** Hours back from now (default 24 * 7), or an explicit range. */
  hours?: number;
  from?: string;
  to?: string;
}

export const DEFAULT_EVENT_QUERY: EventQuery = { category: 'ALL', hours: 24 * 7 };

export function eventRange(q: EventQuery, now = new Date()): { from: string; to: string } {
  const iso = toApiDateTime;
  if (q.from && q.to) return { from: q.from, to: q.to };
  return { from: iso(new Date(now.getTime() - (q.hours ?? 24 * 7) * 3600_000)), to: iso(now) };
}

export class EventsFolderNode extends PagedFolderNode<DbEvent> {
  readonly id: string;
  readonly label = vscode.l10n.t('Events');
  protected readonly kind = 'rds.folder.events';
  protected override icon = 'bell';
  protected override emptyText = vscode.l10n.t('No event in this period');
  query: EventQuery = { ...DEFAULT_EVENT_QUERY };
  constructor(parent: TreeNode) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/event`;
  }
  protected override describe(): string | undefined {
    const q = this.query;
    const parts = [
      q.sourceId ? (q.sourceName ?? q.sourceId) : '',
      q.category !== 'ALL' ? eventCategoryLabel(q.category) : '',
      q.keyword ? `"${q.keyword}"` : '',
      q.from
        ? `${when(q.from)} - ${when(q.to)}`
        : q.hours! >= 24
          ? vscode.l10n.t('last {0} d', Math.round(q.hours! / 24))
          : vscode.l10n.t('last {0} h', q.hours!),
    ];
    return parts.filter(Boolean).join(' · ');
  }
  protected async fetchPage(page: number, size: number) {
    const rds = await rdsRoot(this).client();
    const { from, to } = eventRange(this.query);
    const r = await rds.listEvents({
      query: {
        page,
        size,
        from,
        to,
        eventCategoryType: this.query.category,
        ascendingOrder: 'DESC',
        ...(this.query.keyword ? { keyword: this.query.keyword } : {}),
        ...(this.query.sourceId ? { sourceId: this.query.sourceId } : {}),
      },
    });
    const items: DbEvent[] = [...(r?.events ?? [])].sort((a: DbEvent, b: DbEvent) =>
      String(b.eventYmdt).localeCompare(String(a.eventYmdt)),
    );
    return { items, total: r?.totalCounts };
  }
  protected toNode(e: DbEvent): TreeNode {
    const text = eventMessage(e, vscode.env.language);
    // An id, not a text: the time as the service wrote it keeps it stable.
    // eslint-disable-next-line nhncloud/one-date-formatter
    const key = `${e.eventYmdt}-${e.eventCode}-${e.sourceId ?? ''}`.replace(/[/\s]/g, '_');
    const failure = /FAIL|ERROR|STOP/i.test(`${e.eventCode} ${text}`);
    return new LeafNode(this, `${this.id}/${key}`, text, {
      icon: failure ? 'warning' : 'bell',
      colour: failure ? 'yellow' : undefined,
      // The time first: the source is in the message already, and a narrow sidebar cuts the end.
      description: [when(e.eventYmdt), e.sourceName].filter(Boolean).join(' · '),
      contextValue: 'rds.event',
      copyValue: text,
      tooltip: new vscode.MarkdownString(
        mdFields(text, [
          [vscode.l10n.t('Event'), e.eventCode ? eventCodeText(e.eventCode) : undefined],
          [vscode.l10n.t('Category'), eventCategoryLabel(e.eventCategoryType)],
          [vscode.l10n.t('Source'), e.sourceName || e.sourceId],
          [vscode.l10n.t('Time'), formatTimestamp(e.eventYmdt, { zone: true })],
        ]),
      ),
    });
  }
}
