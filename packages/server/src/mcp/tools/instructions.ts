// Order instructions: drafts an agent makes for the user to submit in the app. Never an order
// here; `POST /control/agent/instructions/{id}/submit` plays the user who submits one.
import type { InstructionDraft, OrderInstruction } from '../../domain/instructions/model.js';
import {
  instructionOrderTypes,
  instructionSides,
  instructionTifs,
} from '../../domain/instructions/model.js';
import { objectOf } from '../document-schemas.js';
import { tool, type AgentTool } from '../tool.js';

/** Where the user opens an instruction in the app (the simulation serves no app: the link names
 * it, and the control API submits it). */
export const instructionLink = (origin: string, id: string) =>
  `${origin}/portal/order-instructions/${encodeURIComponent(id)}`;

/** An instruction as the tools list it (the service's field names). */
function instructionRow(instruction: OrderInstruction) {
  return {
    id: instruction.id,
    contract_id_ex: instruction.contractIdEx,
    symbol: instruction.symbol,
    side: instruction.side,
    quantity: instruction.quantity,
    order_type: instruction.orderType,
    ...(instruction.limitPrice === undefined ? {} : { limit_price: instruction.limitPrice }),
    tif: instruction.tif,
    creation_time: new Date(instruction.createdAt).toISOString(),
    expiration: new Date(instruction.expiresAt).toISOString(),
    is_new: instruction.isNew,
  };
}

const rowSchema = objectOf(
  {
    id: { type: 'string' },
    contract_id_ex: { type: 'string' },
    symbol: { type: 'string' },
    side: { type: 'string', enum: [...instructionSides] },
    quantity: { type: 'number' },
    order_type: { type: 'string', enum: [...instructionOrderTypes] },
    limit_price: { type: 'number' },
    tif: { type: 'string', enum: [...instructionTifs] },
    creation_time: { type: 'string' },
    expiration: { type: 'string' },
    is_new: { type: 'boolean' },
  },
  ['limit_price'],
);

interface DraftArguments {
  side: InstructionDraft['side'];
  contract_id_ex: string;
  quantity: number;
  order_type?: InstructionDraft['orderType'];
  limit_price?: number;
  time_in_force?: InstructionDraft['tif'];
}

export const instructionTools: AgentTool[] = [
  tool<DraftArguments>({
    name: 'create_order_instruction',
    title: 'Draft an order instruction',
    description:
      'Drafts an order for the user to review and submit in the app (it is not an order until then; it expires after 7 days). Answers its id and the link that opens it.',
    mirrors: [],
    readOnly: false,
    inputSchema: {
      type: 'object',
      required: ['side', 'contract_id_ex', 'quantity'],
      properties: {
        side: { type: 'string', enum: [...instructionSides] },
        contract_id_ex: { type: 'string', minLength: 1, maxLength: 64 },
        quantity: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 },
        order_type: { type: 'string', enum: [...instructionOrderTypes] },
        limit_price: { type: 'number', exclusiveMinimum: 0 },
        time_in_force: { type: 'string', enum: [...instructionTifs] },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({ id: { type: 'string' }, url: { type: 'string' } }),
    call: (args, context) => {
      const instruction = context.services.instructions.create(
        context.grant.username,
        context.grant.accountId,
        {
          side: args.side,
          contractIdEx: args.contract_id_ex,
          quantity: args.quantity,
          orderType: args.order_type ?? 'MARKET',
          ...(args.limit_price === undefined ? {} : { limitPrice: args.limit_price }),
          tif: args.time_in_force ?? 'DAY',
        },
      );
      return { id: instruction.id, url: instructionLink(context.origin, instruction.id) };
    },
  }),
  tool({
    name: 'get_order_instructions',
    title: 'Order instructions',
    description: "The linked account's order instructions not yet submitted nor expired.",
    mirrors: [],
    readOnly: true,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: objectOf({ instructions: { type: 'array', items: rowSchema } }),
    call: (_args, context) => ({
      instructions: context.services.instructions
        .list(context.grant.username, context.grant.accountId)
        .map(instructionRow),
    }),
  }),
  tool<{ id: string }>({
    name: 'delete_order_instruction',
    title: 'Delete an order instruction',
    description: 'Deletes an order instruction not yet submitted.',
    mirrors: [],
    readOnly: false,
    inputSchema: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: {}, additionalProperties: false },
    call: (args, context) => {
      context.services.instructions.delete(
        context.grant.username,
        context.grant.accountId,
        args.id,
      );
      return {};
    },
  }),
  tool<{ feedback_text: string }>({
    name: 'provide_customer_feedback',
    title: 'Send feedback',
    description: "Sends feedback about the MCP server in the user's name.",
    mirrors: [],
    readOnly: false,
    inputSchema: {
      type: 'object',
      required: ['feedback_text'],
      properties: { feedback_text: { type: 'string', minLength: 1, maxLength: 5000 } },
      additionalProperties: false,
    },
    outputSchema: objectOf({ id: { type: 'string' } }),
    call: (args, context) => ({
      id: context.services.agentFeedback.send(
        context.grant.username,
        context.grant.accountId,
        args.feedback_text,
      ).id,
    }),
  }),
];
