// The read-only catalog: flavors, engine versions, subnets, storage types, event codes, regions, members.
import * as vscode from 'vscode';
import { mdFields } from '../../shared/tree/markdown';
import { LeafNode, TreeNode } from '../../shared/tree/nodes';
import { eventCategoryLabel, eventCodeMeaning, eventCodeSubscribable } from '../eventCodes';
import { RdsFolderNode } from './base';
import { orDash, versionLabel } from './state';
import type { DbFlavor } from './types';

/** "4 vCPU · 16 GB RAM"; a figure the service left out reads as a dash. */
export function flavorDescription(f: Pick<DbFlavor, 'vcpus' | 'ram'>): string {
  const ramGb = typeof f.ram === 'number' ? Math.round(f.ram / 1024) : undefined;
  return vscode.l10n.t('{0} vCPU · {1} GB RAM', orDash(f.vcpus), orDash(ramGb));
}

/** The read-only catalog a user needs while choosing. */
export function catalogFolders(parent: TreeNode): TreeNode[] {
  const leaf = (
    self: TreeNode,
    key: string,
    label: string,
    description?: string,
    icon = 'symbol-constant',
    copy?: string,
    tooltip?: vscode.MarkdownString,
  ) =>
    new LeafNode(self, `${self.id}/${key}`, label, {
      icon,
      description,
      tooltip,
      contextValue: 'rds.catalogItem',
      copyValue: copy ?? key,
    });
  return [
    new RdsFolderNode(parent, 'flavors', vscode.l10n.t('Flavors'), 'rds.catalog.flavors', 'chip', async (rds, self) => {
      const r = await rds.listDbFlavors();
      return (r?.dbFlavors ?? []).map((f) => leaf(self, f.dbFlavorId, f.dbFlavorName, flavorDescription(f), 'chip'));
    }),
    new RdsFolderNode(
      parent,
      'versions',
      vscode.l10n.t('Engine Versions'),
      'rds.catalog.versions',
      'versions',
      async (rds, self) => {
        const r = await rds.listDbVersions();
        return (r?.dbVersions ?? []).map((v) =>
          leaf(
            self,
            v.dbVersion,
            v.dbVersionName ?? versionLabel(v.dbVersion),
            [v.dbVersion, v.restorableFromObs ? vscode.l10n.t('restorable from object storage') : '']
              .filter(Boolean)
              .join(' · '),
            'versions',
          ),
        );
      },
    ),
    new RdsFolderNode(
      parent,
      'subnets',
      vscode.l10n.t('Subnets'),
      'rds.catalog.subnets',
      'type-hierarchy',
      async (rds, self) => {
        const r = await rds.listSubnets();
        return (r?.subnets ?? []).map((s) =>
          leaf(
            self,
            s.subnetId,
            s.subnetName || s.subnetId,
            s.usingGateway
              ? vscode.l10n.t('{0} · {1} free IPs · gateway', orDash(s.subnetCidr), orDash(s.availableIpCount))
              : vscode.l10n.t('{0} · {1} free IPs', orDash(s.subnetCidr), orDash(s.availableIpCount)),
            'type-hierarchy',
          ),
        );
      },
    ),
    new RdsFolderNode(
      parent,
      'storageTypes',
      vscode.l10n.t('Storage Types'),
      'rds.catalog.storageTypes',
      'database',
      async (rds, self) => {
        const [types, storages] = await Promise.all([
          rds.listStorageTypes(),
          // v4.0 has no storage list: the types are the whole answer there.
          rds.has('listStorages') ? rds.listStorages().catch(() => ({ storages: [] })) : { storages: [] },
        ]);
        const all = new Set<string>([...(types?.storageTypes ?? []), ...(storages?.storages ?? [])]);
        return [...all].map((t) => leaf(self, t.replace(/\s+/g, '_'), t, undefined, 'database', t));
      },
    ),
    new RdsFolderNode(
      parent,
      'eventCodes',
      vscode.l10n.t('Event Codes'),
      'rds.catalog.eventCodes',
      'symbol-enum',
      async (rds, self) => {
        const r = await rds.listEventCodes();
        // The code, then what it means (the guide's table, in the display language); a code the
        // table does not know says which events it belongs to.
        return (r?.eventCodes ?? []).map((c) => {
          const subscribable = eventCodeSubscribable(c.eventCode);
          const tooltip = new vscode.MarkdownString(
            mdFields(c.eventCode, [
              [vscode.l10n.t('Meaning'), eventCodeMeaning(c.eventCode)],
              [vscode.l10n.t('Category'), eventCategoryLabel(c.eventCategoryType)],
              [
                vscode.l10n.t('Subscription'),
                subscribable === undefined
                  ? undefined
                  : subscribable
                    ? vscode.l10n.t('can be subscribed to')
                    : vscode.l10n.t('cannot be subscribed to'),
              ],
            ]),
          );
          return leaf(
            self,
            c.eventCode,
            c.eventCode,
            eventCodeMeaning(c.eventCode) ?? eventCategoryLabel(c.eventCategoryType),
            'symbol-enum',
            c.eventCode,
            tooltip,
          );
        });
      },
    ),
    new RdsFolderNode(
      parent,
      'regions',
      vscode.l10n.t('Regions'),
      'rds.catalog.regions',
      'globe',
      async (rds, self) => {
        const r = await rds.listRegions();
        return (r?.regions ?? []).map((g) =>
          leaf(
            self,
            g.regionCode,
            g.regionCode,
            g.isEnabled ? vscode.l10n.t('enabled') : vscode.l10n.t('not enabled'),
            'globe',
          ),
        );
      },
    ),
    new RdsFolderNode(
      parent,
      'members',
      vscode.l10n.t('Project Members'),
      'rds.catalog.members',
      'organization',
      async (rds, self) => {
        const r = await rds.listProjectMembers();
        return (r?.members ?? []).map((m) =>
          leaf(self, m.memberId, m.memberName || m.memberId, m.emailAddress ?? undefined, 'person'),
        );
      },
    ),
  ];
}
