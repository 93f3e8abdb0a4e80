import type { StoreView } from '../kernel/store.js';

/** What the instructions area sees of the store: its own collection and the kernel's sequences. */
export type InstructionsStore = StoreView<'orderInstructions' | 'sequences'>;
