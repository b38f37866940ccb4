// "Sync Pairs" under a region's Object Storage, when the workspace remembers any for it: each
// pair a row (folder, arrow, bucket/prefix) with Run Sync and Forget in its menu.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { formatTimestamp } from '../../shared/l10n';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, LeafNode, type TreeNode } from '../../shared/tree/nodes';
import type { SyncPair, SyncPairs } from './pairs';
import type { SyncDirection } from './plan';

/** The arrow a pair is drawn with (data flows the way it points). */
export const DIRECTION_ARROW: Record<SyncDirection, string> = {
  upload: '→',
  download: '←',
  'mirror-up': '⇒',
  'mirror-down': '⇐',
  both: '⇄',
};

export function directionLabel(d: SyncDirection): string {
  switch (d) {
    case 'upload':
      return vscode.l10n.t('Upload new and changed files');
    case 'download':
      return vscode.l10n.t('Download new and changed objects');
    case 'mirror-up':
      return vscode.l10n.t('Mirror the folder onto the bucket');
    case 'mirror-down':
      return vscode.l10n.t('Mirror the bucket onto the folder');
    case 'both':
      return vscode.l10n.t('Both ways, the newer copy wins');
  }
}

/** `folder → bucket/prefix`. */
export function pairTitle(p: SyncPair): string {
  return `${basename(p.folder)} ${DIRECTION_ARROW[p.direction]} ${p.bucket}/${p.prefix}`;
}

export class SyncPairNode extends LeafNode {
  constructor(
    parent: TreeNode,
    readonly pair: SyncPair,
  ) {
    const last = pair.lastRun
      ? vscode.l10n.t(
          'Last run {0}: {1} sent, {2} deleted',
          formatTimestamp(pair.lastRun.at) ?? pair.lastRun.at,
          pair.lastRun.sent,
          pair.lastRun.deleted,
        )
      : vscode.l10n.t('Not run yet');
    super(parent, `${parent.id}/${pair.id}`, pairTitle(pair), {
      description: directionLabel(pair.direction),
      icon: 'sync',
      contextValue: 'storage.syncPair',
      tooltip: new vscode.MarkdownString(
        mdFields(pairTitle(pair), [
          [vscode.l10n.t('Folder'), pair.folder],
          [vscode.l10n.t('Bucket'), pair.bucket],
          [vscode.l10n.t('Prefix'), pair.prefix || '/'],
          [vscode.l10n.t('Direction'), directionLabel(pair.direction)],
          [
            vscode.l10n.t('Changes found by'),
            pair.detection === 'checksum' ? vscode.l10n.t('Checksum (MD5)') : vscode.l10n.t('Size and time'),
          ],
          [vscode.l10n.t('Last run'), last],
        ]),
      ),
    });
  }
}

export class SyncPairsNode extends FolderNode {
  readonly label = vscode.l10n.t('Sync Pairs');
  protected readonly kind = 'storage.syncPairs';
  protected override icon = 'sync';
  constructor(
    parent: TreeNode,
    readonly id: string,
    private readonly pairs: SyncPair[],
  ) {
    super();
    this.parent = parent;
  }
  protected override describe(): string {
    return String(this.pairs.length);
  }
  protected load(): Promise<TreeNode[]> {
    return Promise.resolve(this.pairs.map((p) => new SyncPairNode(this, p)));
  }
}

/** The Sync Pairs row of a storage root, when the workspace has pairs for it. */
export function syncPairsRow(parent: TreeNode, store: SyncPairs, profileId: string, region: string): TreeNode[] {
  const pairs = store.forRoot(profileId, region);
  return pairs.length ? [new SyncPairsNode(parent, `${parent.id}/sync-pairs`, pairs)] : [];
}
