// Logs as RDS API v4.0 gives them (issue 27): a log file's latest content (the API's last 64 KB)
// opens at once in a read-only editor, refreshed on demand; a binary log can be purged with every
// older one. Whole files still go to object storage with Export Log Files (./backups.ts).
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import { LOG_FILE_TYPES } from '../../client/rds/schemas';
import type { CommandHandler } from '../../shared/services';
import { LeafNode, type TreeNode } from '../../shared/tree/nodes';
import type { RdsDeps } from '../tree/base';
import { InstanceNode } from '../tree/instanceNode';
import { confirm } from './util';
import { instanceFrom } from './targets';
import { rdsProduct, type RdsProductId } from '../../client/products';

export const LOG_SCHEME = 'nhncloud-rds-log';

/** What a log document shows: one log file of one instance. */
interface LogRef {
  region: Region;
  /** The RDS product whose API serves the file (RDS for MySQL when absent). */
  product?: RdsProductId;
  dbInstanceId: string;
  instanceName: string;
  logFileName: string;
  logFileType: string;
}

const logUri = (r: LogRef) =>
  vscode.Uri.from({
    scheme: LOG_SCHEME,
    path: `/${r.instanceName}/${r.logFileName}`,
    query: new URLSearchParams({
      region: r.region,
      product: r.product ?? 'mysql',
      id: r.dbInstanceId,
      type: r.logFileType,
    }).toString(),
  });

function refOf(uri: vscode.Uri): LogRef {
  const q = new URLSearchParams(uri.query);
  const [, instanceName = '', logFileName = ''] = uri.path.split('/');
  return {
    region: q.get('region') as Region,
    product: rdsProduct(q.get('product') ?? undefined).id,
    dbInstanceId: q.get('id') ?? '',
    instanceName,
    logFileName,
    logFileType: q.get('type') ?? '',
  };
}

/** Serves log documents from the API each time VS Code asks (open, Refresh). */
class LogContentProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  constructor(private readonly deps: RdsDeps) {}
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const r = refOf(uri);
    const logFileType = LOG_FILE_TYPES.find((t) => t === r.logFileType);
    if (!logFileType) throw new Error(vscode.l10n.t('{0} is not a log file type RDS knows.', r.logFileType));
    const rds = await this.deps.services.clients.rds(r.region, r.product);
    const { content } = await rds.getLogFileContent({
      dbInstanceId: r.dbInstanceId,
      logFileName: r.logFileName,
      query: { logFileType },
    });
    return content;
  }
  refresh(uri: vscode.Uri): void {
    this.changed.fire(uri);
  }
}

export function logCommands(deps: RdsDeps): {
  commands: Record<string, CommandHandler>;
  disposables: vscode.Disposable[];
} {
  const provider = new LogContentProvider(deps);
  const registration = vscode.workspace.registerTextDocumentContentProvider(LOG_SCHEME, provider);
  return {
    disposables: [registration],
    commands: {
      'nhncloud.rds.openLogFile': async (ref?: unknown) => {
        const r = ref as LogRef | undefined;
        if (!r?.dbInstanceId || !r.logFileName)
          throw new Error(vscode.l10n.t('Open a log file from the tree: a DB instance > Log Files > a file.'));
        const doc = await vscode.workspace.openTextDocument(logUri(r));
        const editor = await vscode.window.showTextDocument(doc, { preview: true });
        // The end is the newest: show it.
        const last = doc.lineCount - 1;
        editor.revealRange(new vscode.Range(last, 0, last, 0), vscode.TextEditorRevealType.Default);
      },
      'nhncloud.rds.refreshLogFile': async (uri?: unknown) => {
        const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
        if (target?.scheme === LOG_SCHEME) provider.refresh(target);
      },
      'nhncloud.rds.purgeBinLogs': async (node?: unknown) => {
        if (!(node instanceof LeafNode) || !node.copyValue)
          throw new Error(vscode.l10n.t('Choose a binary log in the tree: a DB instance > Binary Logs > a file.'));
        const folder = node.parent;
        const instance = folder?.parent;
        const t = await instanceFrom(
          instance instanceof InstanceNode ? instance : undefined,
          deps,
          vscode.l10n.t('Purge Binary Logs'),
        );
        const upTo = node.copyValue;
        const { binLogs } = await t.rds.listBinLogs({ dbInstanceId: t.data.dbInstanceId });
        const gone = (binLogs ?? []).filter((b) => b.binLogFileName <= upTo).map((b) => b.binLogFileName);
        await confirm(
          vscode.l10n.t('Purge the binary logs of {0} up to {1}?', t.data.dbInstanceName, upTo),
          vscode.l10n.t('Purge'),
          vscode.l10n.t(
            'Deleted for good: {0}. A point-in-time restore or a replica that needs them can no longer use them.',
            gone.join(', '),
          ),
        );
        await t.rds.purgeBinLogs({ dbInstanceId: t.data.dbInstanceId, body: { lastBinLogFileName: upTo } });
        if (folder) deps.explorer.refreshId((folder as TreeNode).id);
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Purged the binary logs of {0} up to {1}.', t.data.dbInstanceName, upTo),
        );
      },
    },
  };
}
