import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pending } from './pending.js';

export const contractHandlers = (_context: HandlerContext): HandlerGroup<'getStocksBySymbols' | 'getFuturesBySymbols' | 'getContractRules' | 'getContractAlgos' | 'getCurrencyPairs' | 'getEventContractRules' | 'getEventContractDetails'> => ({
  getStocksBySymbols: pending('getStocksBySymbols'),
  getFuturesBySymbols: pending('getFuturesBySymbols'),
  getContractRules: pending('getContractRules'),
  getContractAlgos: pending('getContractAlgos'),
  getCurrencyPairs: pending('getCurrencyPairs'),
  getEventContractRules: pending('getEventContractRules'),
  getEventContractDetails: pending('getEventContractDetails'),
});
