// Metrics (extension side): the measurable metrics and the time series of one instance.
import type * as vscode from 'vscode';
import type { Services } from '../shared/services';
import { BasePanel, type Handlers } from './basePanel';
import type { PanelTarget } from './protocol';

export class MetricsPanel extends BasePanel<'metrics'> {
  static open(services: Services, target: PanelTarget): void {
    if (BasePanel.revealExisting('metrics', target)) return;
    new MetricsPanel(services, BasePanel.createWebviewPanel('metrics'), target);
  }

  static revive(services: Services, panel: vscode.WebviewPanel, target: PanelTarget): void {
    new MetricsPanel(services, panel, target);
  }

  private constructor(services: Services, panel: vscode.WebviewPanel, target: PanelTarget) {
    super(services, 'metrics', panel, target);
  }

  protected readonly handlers: Handlers<'metrics'> = {
    listMetrics: async () => (await this.rds()).listMetrics(),
    statistics: async (query) => (await this.rds()).getMetricStatistics({ query }),
  };
}
