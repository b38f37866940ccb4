// Shared pieces of the RDS tree: the service root ("RDS for MySQL") that owns the client
// and caches, and a generic folder that loads through a function.
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import { RDS_PRODUCTS, type RdsProductId } from '../../client/products';
import type { RdsClient } from '../../client/rds/client';
import type { FeatureDeps, Profile } from '../../shared/services';
import type { DbSessionManager } from '../../database/connection/sessions';
import { requireAncestor, ServiceRootNode } from '../../shared/tree/serviceRoot';
import { FolderNode, TreeNode } from '../../shared/tree/nodes';
import { formatTimestamp } from '../../shared/l10n';
import type { ProjectMember } from './types';

export type RdsDeps = FeatureDeps;

/** How long the names of resourceNames() are used before they are read again. */
const NAMES_FRESH_MS = 60_000;

/** The RDS root of a node (every RDS node has one). */
export const rdsRoot = (node: TreeNode): RdsRootNode => requireAncestor(node, RdsRootNode);

export abstract class RdsRootNode extends ServiceRootNode<RdsClient> {
  /** The product's name (RDS for MySQL, RDS for MariaDB): a brand, the same in every language. */
  readonly label: string;
  protected readonly kind = 'rds.root';
  protected override icon = 'database';
  protected override collapsed = vscode.TreeItemCollapsibleState.Collapsed;
  private members?: Promise<Map<string, ProjectMember>>;
  private names?: { at: number; names: Promise<ReadonlyMap<string, string>> };

  constructor(
    profile: Profile,
    region: Region,
    deps: RdsDeps,
    /** The live database sessions (Connect...): a connected instance's schemas expand into tables. */
    readonly sessions?: DbSessionManager,
    /** The RDS product the root lists: every folder, command and form below acts on it. */
    readonly product: RdsProductId = 'mysql',
  ) {
    super(profile, region, deps, RDS_PRODUCTS[product].service);
    this.label = RDS_PRODUCTS[product].label;
  }

  client(): Promise<RdsClient> {
    return this.deps.services.clients.rds(this.region, this.product);
  }

  /** Project members by id (user groups show names, not UUIDs); cached until the root refreshes. */
  projectMembers(): Promise<Map<string, ProjectMember>> {
    this.members ??= this.client()
      .then((c) => c.listProjectMembers())
      .then((r) => new Map<string, ProjectMember>((r?.members ?? []).map((m) => [m.memberId, m])))
      .catch(() => new Map());
    return this.members;
  }

  /**
   * Names by id of what a hover or a row refers to by id (a backup's source instance, an event
   * subscription's sources and user groups): DB instances, DB security groups and user groups.
   * Read at most once a minute and on a refresh of the root; an id none of them has stays an id.
   */
  resourceNames(): Promise<ReadonlyMap<string, string>> {
    const now = Date.now();
    if (!this.names || now - this.names.at > NAMES_FRESH_MS) {
      const read = async () => {
        const rds = await this.client();
        const [instances, securityGroups, userGroups] = await Promise.all([
          rds.listDbInstances().catch(() => undefined),
          rds.listDbSecurityGroups().catch(() => undefined),
          rds.listUserGroups().catch(() => undefined),
        ]);
        const names = new Map<string, string>();
        for (const i of instances?.dbInstances ?? []) names.set(i.dbInstanceId, i.dbInstanceName);
        for (const g of securityGroups?.dbSecurityGroups ?? []) names.set(g.dbSecurityGroupId, g.dbSecurityGroupName);
        for (const g of userGroups?.userGroups ?? []) names.set(g.userGroupId, g.userGroupName);
        return names;
      };
      this.names = { at: now, names: read().catch(() => new Map()) };
    }
    return this.names.names;
  }

  override invalidate(): void {
    super.invalidate();
    this.members = undefined;
    this.names = undefined;
  }
}

/** A folder whose children come from one function; most RDS folders are this. */
export class RdsFolderNode extends FolderNode {
  readonly id: string;
  protected override icon: string;
  private readonly text: string | undefined;
  private readonly tip: string | undefined;
  constructor(
    parent: TreeNode,
    idSuffix: string,
    readonly label: string,
    protected readonly kind: string,
    icon: string,
    private readonly loader: (rds: RdsClient, self: RdsFolderNode) => Promise<TreeNode[]>,
    opts: { emptyText?: string; description?: string; tooltip?: string } = {},
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/${idSuffix}`;
    this.icon = icon;
    if (opts.emptyText) this.emptyText = opts.emptyText;
    this.text = opts.description;
    this.tip = opts.tooltip;
  }
  protected override describe() {
    return this.text;
  }
  protected override tooltip() {
    return this.tip;
  }
  protected async load(): Promise<TreeNode[]> {
    return this.loader(await rdsRoot(this).client(), this);
  }
}

/** A folder over children already known (groups, log types, notification targets). */
export class StaticFolderNode extends FolderNode {
  readonly id: string;
  protected override icon: string;
  constructor(
    parent: TreeNode,
    id: string,
    readonly label: string,
    protected readonly kind: string,
    icon: string,
    private readonly children: (self: StaticFolderNode) => TreeNode[],
    private readonly text?: string,
    private readonly tip?: string | vscode.MarkdownString,
  ) {
    super();
    this.parent = parent;
    this.id = id;
    this.icon = icon;
  }
  protected override describe() {
    return this.text;
  }
  protected override tooltip() {
    return this.tip;
  }
  protected async load(): Promise<TreeNode[]> {
    return this.children(this);
  }
}

/** Date-time as the display language writes it (the one formatter of shared/l10n.ts). */
export function when(ymdt: string | null | undefined): string {
  return formatTimestamp(ymdt) ?? '';
}
