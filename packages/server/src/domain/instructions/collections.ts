import type { OrderInstruction } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Order instructions drafted through the MCP endpoint, by id; each expires after 7 days. */
    orderInstructions: OrderInstruction;
  }
}
