import type { StoreView } from '../kernel/store.js';

/** What the advisor-models area sees of the store: its own collections and the kernel's sequences. */
export type AdvisorModelsStore = StoreView<'investmentModels' | 'modelPresets' | 'sequences'>;
