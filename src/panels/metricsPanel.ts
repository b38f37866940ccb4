// Metrics (extension side): the measurable metrics and the time series of one instance.
import { BasePanel, type Handlers } from './basePanel';

export class MetricsPanel extends BasePanel<'metrics'> {
  static readonly kind = 'metrics';

  protected readonly handlers: Handlers<'metrics'> = {
    listMetrics: async () => (await this.rds()).listMetrics(),
    statistics: async (query) => (await this.rds()).getMetricStatistics({ query }),
  };
}
