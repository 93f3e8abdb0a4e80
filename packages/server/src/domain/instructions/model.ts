/** Sides, order types and times in force an order instruction takes (the MCP tool's values). */
export const instructionSides = ['BUY', 'SELL'] as const;
export const instructionOrderTypes = ['MARKET', 'LIMIT'] as const;
export const instructionTifs = ['DAY', 'GTC', 'OVT', 'OND', 'OPG'] as const;

/** What an agent asks for: a draft of one order, for the user to submit in the app. */
export interface InstructionDraft {
  side: (typeof instructionSides)[number];
  /** A stock's conid as digits, a derivative's `<conid>@<exchange>`, or a combo's identifier. */
  contractIdEx: string;
  quantity: number;
  orderType: (typeof instructionOrderTypes)[number];
  limitPrice?: number;
  tif: (typeof instructionTifs)[number];
}

/** An order instruction as kept: a draft of one user's account, never an order until submitted. */
export interface OrderInstruction extends InstructionDraft {
  id: string;
  username: string;
  accountId: string;
  /** The contract the instruction trades (the first leg's for a combo). */
  conid: number;
  symbol: string;
  createdAt: number;
  expiresAt: number;
  /** Not yet listed to the agent (`get_order_instructions` shows it once as new). */
  isNew: boolean;
}
