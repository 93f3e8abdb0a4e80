import type { StoreView } from '../kernel/store.js';
import type { InvestmentModel, ModelPresets } from './records.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Advisors' models, by `<username>/<model name>`. */
    investmentModels: InvestmentModel;
    /** Advisors' presets for model rebalancing, by username (defaults until saved). */
    modelPresets: ModelPresets;
  }
}

/** What the advisor-models area sees of the store: its own collections and the kernel's sequences. */
export type AdvisorModelsStore = StoreView<'investmentModels' | 'modelPresets' | 'sequences'>;
