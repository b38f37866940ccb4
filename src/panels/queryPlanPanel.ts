// The query plan view (extension side; issue 28, item 5): one panel per query console, beside
// it, showing the plan of the statement last explained there. The plan is data the webview keeps
// in its saved state, so a reloaded window draws it again; the panel only delivers it.
import * as vscode from 'vscode';
import type { QueryPlan } from '../database/queryPlan/model';
import { BasePanel, type Handlers } from './basePanel';
import { VIEW_TYPES, type PanelTarget } from './protocol';
import type { Services } from '../shared/services';
import type { ResultErrorView } from './queryResultsPanel';

/** What the plan view shows: a plan, or the server's refusal, of one statement. */
export interface PlanView {
  statement: string;
  /** `SELECT VERSION()` of the server that answered. */
  server: string;
  /** Explain Analyze: the statement ran, and the plan holds what actually happened. */
  analyze: boolean;
  plan?: QueryPlan;
  error?: ResultErrorView;
  /** When the server's answer arrived (epoch ms): the view says how long its drawing took after it. */
  answeredAt?: number;
}

export class QueryPlanPanel extends BasePanel<'queryPlan'> {
  static readonly kind = 'queryPlan';
  private view?: PlanView;

  /** Shows `view` in the plan panel of the console `target` names (opened beside it, or reused). */
  static show(services: Services, target: PanelTarget, view: PlanView): QueryPlanPanel {
    const existing = QueryPlanPanel.byTarget.get(target.id ?? '');
    if (existing) {
      existing.panel.reveal(vscode.ViewColumn.Beside, true);
      existing.present(view);
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPES.queryPlan,
      target.label ?? '',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, enableFindWidget: true },
    );
    const p = new QueryPlanPanel(services, panel, target);
    p.view = view;
    return p;
  }

  private static readonly byTarget = new Map<string, QueryPlanPanel>();

  constructor(services: Services, panel: vscode.WebviewPanel, target: PanelTarget) {
    super(services, panel, target);
    QueryPlanPanel.byTarget.set(target.id ?? '', this);
    this.disposables.push({
      dispose: () => {
        if (QueryPlanPanel.byTarget.get(target.id ?? '') === this) QueryPlanPanel.byTarget.delete(target.id ?? '');
      },
    });
  }

  protected readonly handlers: Handlers<'queryPlan'> = {};

  /** A new plan (or refusal) in the open view. */
  present(view: PlanView): void {
    this.view = view;
    this.emit('plan', view);
  }

  protected override initData(): unknown {
    return this.view ? { view: this.view } : {};
  }
}
