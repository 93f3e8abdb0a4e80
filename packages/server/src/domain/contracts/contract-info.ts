import type { Schema } from '@brokerage/types';
import { monthLabel, monthNames } from '../market/market.js';
import type { Instrument, InstrumentCatalogue } from '../market/model.js';
import { smartRouting } from '../market/option-chains.js';
import { classificationOf } from './classification.js';
import { stockListing } from './contracts.js';

/** The US options exchanges a listed option trades on besides SMART routing. */
export const optionExchanges = ['AMEX', 'BOX', 'CBOE', 'ISE', 'MIAX', 'NASDAQOM', 'PHLX', 'PSE'];

const pad2 = (value: number) => String(value).padStart(2, '0');

/** Whether orders for the contract may be routed by SMART: US stocks and options. */
export function smartRouted(catalogue: InstrumentCatalogue, instrument: Instrument): boolean {
  return (
    instrument.secType === 'OPT' ||
    (instrument.secType === 'STK' && stockListing(catalogue, instrument.conid)?.isUS === true)
  );
}

/** The venues the contract trades on: SMART first where it is smart-routed. */
export function validExchangesOf(catalogue: InstrumentCatalogue, instrument: Instrument): string[] {
  if (instrument.secType === 'OPT') return [smartRouting, ...optionExchanges];
  return smartRouted(catalogue, instrument)
    ? [smartRouting, instrument.exchange]
    : [instrument.exchange];
}

/** How the service titles an option: `JAN 16 '26 190 Call`. */
export function optionTitle(option: Instrument): string {
  const date = option.expiration ?? 0;
  const month = monthNames[(Math.floor(date / 100) % 100) - 1] ?? '';
  const right = option.option?.right === 'P' ? 'Put' : 'Call';
  return `${month} ${pad2(date % 100)} '${pad2(Math.floor(date / 10000) % 100)} ${option.option?.strike ?? 0} ${right}`;
}

/** The option's OCC symbol: root padded to six, `yyMMdd`, right, strike in thousandths. */
function occSymbol(option: Instrument): string {
  const date = option.expiration ?? 0;
  const strike = Math.round((option.option?.strike ?? 0) * 1000);
  return `${option.symbol.padEnd(6)}${String(date).slice(2)}${option.option?.right ?? 'C'}${String(strike).padStart(8, '0')}`;
}

/** `/iserver/contract/{conid}/info`: the contract's details in the service's snake-case keys. */
export function contractInfo(
  catalogue: InstrumentCatalogue,
  instrument: Instrument,
): Schema<'ContractInfo'> {
  const classification = classificationOf(instrument.symbol);
  const option = instrument.option;
  const expiry = instrument.expiration === undefined ? null : String(instrument.expiration);
  const routed = smartRouted(catalogue, instrument);
  return {
    cfi_code: option ? (option.right === 'C' ? 'OCXXXS' : 'OPXXXS') : '',
    symbol: instrument.symbol,
    cusip: null,
    expiry_full: expiry,
    con_id: instrument.conid,
    maturity_date: expiry,
    industry: instrument.secType === 'STK' ? (classification?.group ?? null) : null,
    instrument_type: instrument.secType === 'EVENT' ? 'OPT' : instrument.secType,
    trading_class: instrument.symbol,
    valid_exchanges: validExchangesOf(catalogue, instrument).join(','),
    allow_sell_long: false,
    is_zero_commission_security: false,
    local_symbol: option ? occSymbol(instrument) : instrument.description,
    contract_clarification_type: null,
    classifier: null,
    currency: instrument.currency,
    text: option ? optionTitle(instrument) : null,
    underlying_con_id: option?.underlyingConid ?? 0,
    r_t_h: instrument.secType === 'STK',
    multiplier: instrument.secType === 'STK' ? null : String(instrument.multiplier),
    ...(option
      ? { strike: String(option.strike), right: option.right === 'C' ? 'CALL' : 'PUT' }
      : {}),
    underlying_issuer: null,
    contract_month: expiry === null ? null : expiry.slice(0, 6),
    company_name: instrument.companyName,
    smart_available: routed,
    exchange: routed ? smartRouting : instrument.exchange,
    category: instrument.secType === 'STK' ? (classification?.sectorGroup ?? null) : null,
  };
}

/** The month label of a contract's expiry (`JAN26`), or undefined when it does not expire. */
export const expiryMonthOf = (instrument: Instrument): string | undefined =>
  instrument.expiration === undefined ? undefined : monthLabel(instrument.expiration);
