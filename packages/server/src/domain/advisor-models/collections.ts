import type { InvestmentModel, ModelPresets } from './records.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Advisors' models, by `<username>/<model name>`. */
    investmentModels: InvestmentModel;
    /** Advisors' presets for model rebalancing, by username (defaults until saved). */
    modelPresets: ModelPresets;
  }
}
