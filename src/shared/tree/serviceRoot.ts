// What every service tree (RDS, network, object storage) shares: its root node under a region,
// the walk up to an ancestor of a given class, and the rule for which regions show the root.
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import { RDS_PRODUCT_ORDER, RDS_PRODUCTS, productRegions } from '../../client/products';
import { serviceRegions, type SiteId } from '../../client/sites';
import { pick } from '../prompts';
import type { FeatureDeps, Profile, Services } from '../services';
import { FolderNode, type TreeNode } from './nodes';

/** The services with a root of their own under a region. */
export type RootService = 'rds' | 'rdsMariadb' | 'network' | 'storage';

/** Tree id of a service root: `<profileId>/<region>/<service>`. Every id below it starts with it. */
export function serviceRootId(profileId: string, region: Region, service: RootService): string {
  return `${profileId}/${region}/${service}`;
}

/** The node itself or its nearest ancestor that is a `cls`; undefined when there is none. */
export function ancestor<T extends TreeNode>(
  node: TreeNode | undefined,
  cls: abstract new (...args: never[]) => T,
): T | undefined {
  for (let n = node; n; n = n.parent) if (n instanceof cls) return n;
  return undefined;
}

/** ancestor() for nodes that always have one (a folder below its service root): a missing one is a bug. */
export function requireAncestor<T extends TreeNode>(node: TreeNode, cls: abstract new (...args: never[]) => T): T {
  const found = ancestor(node, cls);
  if (!found)
    throw new Error(
      vscode.l10n.t('Internal error: {0} has no {1} above it. Please report this with the log.', node.id, cls.name),
    );
  return found;
}

/** "RDS for MySQL", "Network", "Object Storage" under a region: owns the region's client. */
export abstract class ServiceRootNode<Client> extends FolderNode {
  readonly id: string;
  constructor(
    readonly profile: Profile,
    readonly region: Region,
    readonly deps: FeatureDeps,
    service: RootService,
  ) {
    super();
    this.id = serviceRootId(profile.id, region, service);
  }
  override scope() {
    return { profile: this.profile, region: this.region };
  }
  abstract client(): Promise<Client>;
}

/**
 * Whether `service` runs in `region` for the profile: where the token's service catalog lists
 * it once that is known (network, object storage; issue 26, item 3), else where the sites table
 * says. RDS is in no catalog: the table decides.
 */
export function serviceRunsIn(services: Services, profile: Profile, region: Region, service: RootService): boolean {
  if (service === 'network' || service === 'storage') {
    const catalog = services.clients.knownCatalogRegions(service);
    if (catalog.regions) return catalog.regions.includes(region);
  }
  return rootServiceRegions(profile.cloud, service).includes(region);
}

/** The regions of a site where a root's service runs: an RDS product's row, else the sites table. */
export function rootServiceRegions(site: SiteId, service: RootService): readonly Region[] {
  const product = RDS_PRODUCT_ORDER.find((id) => RDS_PRODUCTS[id].service === service);
  return product ? productRegions(product, site) : serviceRegions(site, service as 'network' | 'storage');
}

/** A feature's `regionChildren`: its root in the regions where the service runs for the profile (serviceRunsIn). */
export function rootWhereServiceRuns(
  services: Services,
  service: RootService,
  makeRoot: (profile: Profile, region: Region) => TreeNode,
) {
  return (profile: Profile, region: Region): TreeNode[] =>
    serviceRunsIn(services, profile, region, service) ? [makeRoot(profile, region)] : [];
}

/**
 * The region a command run from the palette acts on: the active profile's only region where
 * `service` runs, or the one the person picks. `noRegion` words the error when there is none
 * (`where` lists the regions the service runs in).
 */
export async function askServiceRegion(
  services: Services,
  service: RootService,
  title: string,
  noRegion: (profile: Profile, where: string) => string,
): Promise<{ profile: Profile; region: Region }> {
  const profile = services.profiles.active();
  if (!profile)
    throw new Error(
      vscode.l10n.t(
        'No NHN Cloud profile yet: add one with "NHN Cloud: Add Profile" or try "NHN Cloud: Explore the Sandbox".',
      ),
    );
  const runsIn = rootServiceRegions(profile.cloud, service);
  const regions = profile.regions.filter((r) => runsIn.includes(r));
  if (!regions.length) throw new Error(noRegion(profile, runsIn.join(', ')));
  const region =
    regions.length === 1
      ? regions[0]
      : (
          await pick(
            regions.map((r) => ({ label: r, region: r })),
            { title: vscode.l10n.t('{0}: region', title) },
          )
        ).region;
  return { profile, region };
}
