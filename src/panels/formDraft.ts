// A long form's unsent changes (issue 25, rough edge 15). A WebviewPanel cannot refuse to close,
// so the form itself reports its state as it changes (secrets are never in it: the webview
// leaves them out, as in its saved state), its Cancel button asks before discarding changes,
// and a form closed from its tab with changes offers to reopen it as it was. A form whose
// request was sent reports no draft: its job runs on and nothing is lost by closing it.
import * as vscode from 'vscode';
import { action, askAction } from '../shared/prompts';
import { BasePanel, reopenPanel, type PanelClass } from './basePanel';
import type { PanelKind } from './protocol';

export type DraftState = Record<string, unknown> | null;

export class FormDraft {
  private state: DraftState = null;
  private discarding = false;

  /** Read while the panel lives: a disposed WebviewPanel throws on every property. */
  private readonly title: string;

  constructor(
    private readonly form: { readonly panel: vscode.WebviewPanel; dispose(): void },
    /** Opens the same form again, starting from `state`. */
    private readonly reopen: (state: Record<string, unknown>) => void,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.title = form.panel.title;
  }

  /** The form reports its unsent state (null: nothing unsent). */
  report(state: DraftState): void {
    if (!state !== !this.state) this.log(`Form "${this.title}": ${state ? 'holds unsent changes' : 'nothing unsent'}`);
    this.state = state;
  }

  /** Cancel: closes the form, after asking when it holds changes; false when the user kept it. */
  async cancel(): Promise<boolean> {
    if (this.state) {
      const answer = await askAction(
        'warning',
        vscode.l10n.t('Discard the changes made in "{0}"?', this.title),
        { modal: true, detail: vscode.l10n.t('Nothing was sent; the values typed in this form are lost.') },
        action('discard', vscode.l10n.t('Discard Changes')),
      );
      if (answer !== 'discard') return false;
    }
    this.discarding = true;
    this.form.dispose();
    return true;
  }

  /** The form's panel closed (its tab, Close All, or Cancel): offers Reopen when changes were unsent. */
  async closed(): Promise<void> {
    const state = this.state;
    if (this.discarding || !state) return;
    const title = this.title;
    this.log(`Form "${title}" closed with unsent changes: Reopen offered`);
    const answer = await askAction(
      'warning',
      vscode.l10n.t('"{0}" was closed with changes that were not sent.', title),
      {},
      action('reopen', vscode.l10n.t('Reopen')),
      action('discard', vscode.l10n.t('Discard')),
    );
    if (answer === 'reopen') this.reopen(state);
  }
}

/** The long forms: Create, Restore and Replicate. */
export type FormKind = Extract<PanelKind, 'createInstance' | 'restore' | 'replicate'>;

/** A long form's panel: its draft, and the `draft` and `cancel` methods every form has. */
export abstract class FormPanel<K extends FormKind> extends BasePanel<K> {
  private readonly drafts = new FormDraft(
    this,
    (state) => reopenPanel(this.constructor as PanelClass<K>, this.services, this.target, state),
    (line) => this.services.log.info(line),
  );

  protected override whenClosed(): void {
    void this.drafts.closed();
  }

  protected readonly formHandlers = {
    draft: async ({ state }: { state: DraftState }) => this.drafts.report(state),
    cancel: () => this.drafts.cancel(),
  };
}
