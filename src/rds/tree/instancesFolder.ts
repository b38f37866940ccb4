// The DB Instances folder (drawn from the list, details read in the background) and the
// instance-group node that gathers a master with its candidate and replicas.
import * as vscode from 'vscode';
import type { RdsClient } from '../../client/rds/client';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, TreeNode } from '../../shared/tree/nodes';
import { mapLimit } from '../../shared/mapLimit';
import { rdsRoot } from './base';
import { ROLE_LABEL, groupInstances, instanceRole, orDash } from './state';
import type { DbInstance } from './types';
import { rdsIds } from './ids';
import { fetchInstance, InstanceNode } from './instanceNode';
import { plural } from '../../shared/l10n';

/** Details read at once in the background after the instance list is drawn. */
const DETAIL_CONCURRENCY = 4;
/** The rows are drawn first: the details would compete with that for the extension host. */
const DETAIL_DELAY_MS = 300;
/**
 * How old a list asked for ahead (`prefetch`) may be when the folder first opens and still be
 * drawn: a person opens "DB Instances" right after "RDS for MySQL" or not for a while, and an
 * older list would show states that may have moved on.
 */
export const PREFETCH_FRESH_MS = 15_000;

/** What the folder draws from: the instance list, its groups and the client that read them. */
interface Listing {
  rds: RdsClient;
  list: Awaited<ReturnType<RdsClient['listDbInstances']>>;
  groups: Awaited<ReturnType<RdsClient['listDbInstanceGroups']>>;
}

export class InstancesFolderNode extends FolderNode {
  readonly id: string;
  readonly label = vscode.l10n.t('DB Instances');
  protected readonly kind = 'rds.folder.instances';
  protected override icon = 'server';
  protected override emptyText = vscode.l10n.t('No DB instance in this region');
  private count?: number;
  /** The listing asked for ahead (`prefetch`), taken by the next load once, if fresh. */
  private ahead?: { at: number; listing: Promise<Listing> };
  /** Details read since the list was (each load starts over): the group nodes merge them in. */
  readonly details = new Map<string, DbInstance>();
  /**
   * The current load per folder id, bumped on every load and invalidation: a background detail
   * pass of an older list stops. By id, not per object: a whole-tree refresh drops this object
   * without invalidating it, and its pass must stop once the new folder loads.
   */
  private static readonly generations = new Map<string, number>();
  private get generation(): number {
    return InstancesFolderNode.generations.get(this.id) ?? 0;
  }
  private bump(): number {
    const g = this.generation + 1;
    InstancesFolderNode.generations.set(this.id, g);
    return g;
  }
  constructor(parent: TreeNode) {
    super();
    this.parent = parent;
    this.id = rdsIds.folder(parent.id, 'instance');
  }
  protected override describe() {
    return this.count === undefined ? undefined : String(this.count);
  }
  override invalidate(): void {
    super.invalidate();
    this.ahead = undefined;
    this.bump();
  }
  /**
   * Asks for the listing now, before the folder is opened: "RDS for MySQL" calls this as it
   * opens, as most people go on to DB Instances, so the folder's rows are there at the click
   * instead of one round trip (and, on a v4.0 profile, a token) later. A failure is the folder's
   * own when it opens, as if it had happened then; nothing is drawn from a list older than
   * PREFETCH_FRESH_MS, and a refresh drops it.
   */
  prefetch(): void {
    const listing = this.fetchListing();
    listing.catch(() => undefined);
    this.ahead = { at: Date.now(), listing };
  }
  private async fetchListing(): Promise<Listing> {
    const rds = await rdsRoot(this).client();
    const [list, groups] = await Promise.all([
      rds.listDbInstances(),
      rds.listDbInstanceGroups().catch(() => ({ dbInstanceGroups: [] })),
    ]);
    return { rds, list, groups };
  }
  protected async load(): Promise<TreeNode[]> {
    const ahead = this.ahead;
    this.ahead = undefined;
    const { rds, list, groups } =
      ahead && Date.now() - ahead.at <= PREFETCH_FRESH_MS ? await ahead.listing : await this.fetchListing();
    const items: DbInstance[] = list?.dbInstances ?? [];
    // Drawn from the list alone (name, status, type, progress, version, group: label, icon,
    // description and the role and HA parts of contextValue). Reading each detail first made
    // 1,000 instances cost 1,000 requests before anything was drawn.
    const ha = new Set<string>(
      (groups?.dbInstanceGroups ?? [])
        .filter((g) => g.replicationType === 'HIGH_AVAILABILITY')
        .map((g) => g.dbInstanceGroupId),
    );
    this.count = items.length;
    this.details.clear();
    const nodes = groupInstances(items, ha).map((e) =>
      e.kind === 'instance'
        ? new InstanceNode(this, e.instance, e.groupSize, e.ha)
        : new InstanceGroupNode(this, e.groupId, e.members, e.ha),
    );
    const generation = this.bump();
    const timer = setTimeout(() => void this.readDetails(generation, rds, items, nodes), DETAIL_DELAY_MS);
    timer.unref?.();
    return nodes;
  }

  /**
   * The flags only the detail has (deletion protection, engine upgrade, parameters to apply)
   * feed the menus: read them in the background, a few at a time, and redraw only the rows whose
   * contextValue changed. Commands re-read the detail anyway; a failed read keeps the list entry.
   */
  private async readDetails(
    generation: number,
    rds: RdsClient,
    items: readonly DbInstance[],
    nodes: readonly TreeNode[],
  ): Promise<void> {
    const top = new Map<string, InstanceNode>();
    const groupOf = new Map<string, InstanceGroupNode>();
    for (const n of nodes) {
      if (n instanceof InstanceNode) top.set(n.data.dbInstanceId, n);
      else if (n instanceof InstanceGroupNode) for (const mbr of n.members) groupOf.set(mbr.dbInstanceId, n);
    }
    const changedGroups = new Set<InstanceGroupNode>();
    await mapLimit(items, DETAIL_CONCURRENCY, async (i) => {
      if (generation !== this.generation) return;
      const d = await fetchInstance(rds, i.dbInstanceId).catch(() => undefined);
      if (!d || generation !== this.generation) return;
      this.details.set(i.dbInstanceId, d);
      const node = top.get(i.dbInstanceId);
      if (node) {
        if (node.applyDetail(d)) this.ctx.changed(node);
      } else {
        const g = groupOf.get(i.dbInstanceId);
        if (g) changedGroups.add(g);
      }
    });
    if (generation !== this.generation) return;
    // Groups are few: redraw each once with its members' details merged in.
    for (const g of changedGroups) this.ctx.refresh(g);
  }
}

export class InstanceGroupNode extends FolderNode {
  readonly id: string;
  readonly label: string;
  protected readonly kind: string;
  protected override icon = 'layers';
  constructor(
    parent: TreeNode,
    readonly groupId: string,
    readonly members: DbInstance[],
    readonly ha: boolean,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/group/${groupId}`;
    this.label = members[0].dbInstanceName;
    this.kind = `rds.instanceGroup${ha ? '.ha' : ''}`;
    this.collapsed = vscode.TreeItemCollapsibleState.Expanded;
  }
  override mayContain(id: string): boolean {
    const rdsId = rdsRoot(this).id;
    return this.members.some(
      (m) =>
        id === rdsIds.instance(rdsId, m.dbInstanceId) || id.startsWith(`${rdsIds.instance(rdsId, m.dbInstanceId)}/`),
    );
  }
  protected override describe() {
    return this.ha
      ? plural(
          this.members.length,
          vscode.l10n.t('high availability group · {0} instance', this.members.length),
          vscode.l10n.t('high availability group · {0} instances', this.members.length),
        )
      : plural(
          this.members.length,
          vscode.l10n.t('replication group · {0} instance', this.members.length),
          vscode.l10n.t('replication group · {0} instances', this.members.length),
        );
  }
  protected override tooltip() {
    return new vscode.MarkdownString(
      mdFields(vscode.l10n.t('Instance group {0}', this.label), [
        [vscode.l10n.t('Group ID'), this.groupId],
        [
          vscode.l10n.t('Replication'),
          this.ha ? vscode.l10n.t('high availability') : vscode.l10n.t('standalone with read replicas'),
        ],
        [
          vscode.l10n.t('Members'),
          // Each by its role in words (primary, standby, read replica), as the rows say it.
          this.members
            .map((m) =>
              vscode.l10n.t(
                '{0} ({1})',
                m.dbInstanceName,
                ROLE_LABEL[instanceRole(m, this.members.length)] || orDash(m.dbInstanceType),
              ),
            )
            .join(', '),
        ],
      ]),
    );
  }
  protected async load(): Promise<TreeNode[]> {
    // The group's own view of its members is the freshest status (a failover changes roles).
    const detail = await rdsRoot(this)
      .client()
      .then((c) => c.getDbInstanceGroup({ dbInstanceGroupId: this.groupId }))
      .catch(() => undefined);
    const current = new Map((detail?.dbInstances ?? []).map((x) => [x.dbInstanceId, x]));
    const details = this.parent instanceof InstancesFolderNode ? this.parent.details : undefined;
    return this.members.map((m) => {
      const d = current.get(m.dbInstanceId);
      const known = details?.get(m.dbInstanceId);
      const base: DbInstance = known ? { ...m, ...known } : m;
      const merged: DbInstance = d
        ? {
            ...base,
            dbInstanceType: d.dbInstanceType ?? base.dbInstanceType,
            dbInstanceStatus: d.dbInstanceStatus ?? base.dbInstanceStatus,
          }
        : base;
      const node = new InstanceNode(this, merged, this.members.length, this.ha);
      if (known) node.markDetailed();
      return node;
    });
  }
}
