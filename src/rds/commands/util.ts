// What every RDS command shares besides its target (./targets.ts): asking (InputBox / QuickPick
// that throw CancelledError on Escape), confirming, and handing returned jobs to the tracker.
import * as vscode from 'vscode';
import { type Region } from '../../client/endpoints';
import { type RdsDeps } from '../tree/base';
import type { Validator } from './limits';
import { ask, confirm } from '../../shared/prompts';
import type { RdsProductId } from '../../client/products';
import type { MadeRow } from '../../jobs/schedule';

// The prompts live in src/shared/prompts.ts (every feature asks the same way); RDS commands import them from here.
export { ask, confirm, pick, pickMany, yesNo } from '../../shared/prompts';

/** Hand a returned job to the tracker; without a job id, refresh right away. */
export function track(
  deps: RdsDeps,
  /** Where the job runs: its region and the client of its product (a MariaDB job is polled at MariaDB's host). */
  scope: { region: Region; rds?: { readonly product: RdsProductId } },
  /** The operation's answer: a job (`{ jobId }`) or an empty answer. */
  res: unknown,
  title: string,
  nodeId?: string,
  refreshIds: string[] = [],
  /** The row the job makes (a backup by its name): Reveal in Tree selects it once the job is done. */
  made?: MadeRow,
): void {
  const jobId =
    res && typeof res === 'object' && 'jobId' in res && typeof res.jobId === 'string' ? res.jobId : undefined;
  if (jobId) {
    deps.jobs.track({ jobId, region: scope.region, product: scope.rds?.product, title, nodeId, refreshIds, made });
    void vscode.window.setStatusBarMessage(vscode.l10n.t('$(sync~spin) {0}: started', title), 3000);
  } else {
    for (const id of [nodeId, ...refreshIds]) if (id) deps.explorer.refreshId(id);
    void vscode.window.showInformationMessage(vscode.l10n.t('{0}: done.', title));
  }
}

/**
 * A step that cannot be undone on an instance: a modal warning (`question`, its `action` button
 * and `detail`), then the instance name typed exactly under `title`.
 */
export async function confirmByName(
  name: string,
  text: { question: string; action: string; detail: string; title: string },
): Promise<void> {
  await confirm(text.question, text.action, text.detail);
  await ask({
    title: text.title,
    prompt: vscode.l10n.t('Type the instance name "{0}" to confirm', name),
    validate: (typed) => (typed === name ? undefined : vscode.l10n.t('Type the name exactly to confirm.')),
  });
}

/** Password asked twice (masked), checked against the limits before anything is sent. */
export async function askPassword(title: string, validate: Validator): Promise<string> {
  const first = await ask({ title, prompt: vscode.l10n.t('Password (4 to 256 characters)'), password: true, validate });
  await ask({
    title,
    prompt: vscode.l10n.t('Repeat the password'),
    password: true,
    validate: (t) => (t === first ? undefined : vscode.l10n.t('The two passwords differ.')),
  });
  return first;
}
