import type { Schema } from '@brokerage/types';
import { dashedTimestamp } from '../kernel/time-format.js';
import { scannerFilters, scannerInstruments, scanTypes, type ScanResult } from './scanner.js';

/** The scanner's parameters on the wire: scan types, instruments, filters and locations. */
export function scannerParamsView(): Schema<'ScannerParams'> {
  return {
    ...hmdsScannerParamsView(),
    filter_list: scannerFilters.map((filter) => ({
      group: filter.code,
      display_name: filter.displayName,
      code: filter.code,
      type: 'non-range',
    })),
  };
}

/** The historical market-data scanner's parameters on the wire: the same scanner's scan types,
 * instruments and locations, without the filter list. */
export function hmdsScannerParamsView(): Required<Schema<'HmdsScannerParams'>> {
  return {
    scan_type_list: scanTypes.map((scanType) => ({
      display_name: scanType.displayName,
      code: scanType.code,
      instruments: scannerInstruments.map((instrument) => instrument.type),
    })),
    instrument_list: scannerInstruments.map((instrument) => ({
      display_name: instrument.displayName,
      type: instrument.type,
      filters: [...instrument.filters],
    })),
    location_tree: scannerInstruments.map((instrument) => ({
      display_name: instrument.displayName,
      type: instrument.type,
      locations: instrument.locations.map((location) => ({
        display_name: location.displayName,
        type: location.type,
        locations: [],
      })),
    })),
  };
}

/** A scan's answer on the wire: the ranked contracts, the data column named on the first. */
export function scanResultView(result: ScanResult): Schema<'ScannerResults'> {
  return {
    contracts: result.contracts.map(({ instrument, state }, index) => ({
      server_id: String(index),
      ...(index === 0 ? { column_name: result.scanType.columnName } : {}),
      symbol: instrument.symbol,
      conidex: String(instrument.conid),
      con_id: instrument.conid,
      available_chart_periods: '#R|1',
      company_name: instrument.companyName,
      scan_data: result.scanType.column(state),
      contract_description_1: instrument.description,
      listing_exchange: instrument.exchange,
      sec_type: instrument.secType,
    })),
    scan_data_column_name: result.scanType.columnName,
  };
}

/** A scan of the historical market-data service on the wire: the counts, the scan's name and
 * time, and the contracts' identifiers. */
export function hmdsScanResultView(
  result: ScanResult & { id: string },
  now: number,
): Schema<'HmdsScannerResults'> {
  const scanTime = dashedTimestamp(now);
  return {
    total: result.total,
    size: result.contracts.length,
    offset: 0,
    scanTime,
    id: result.id,
    Contracts: {
      Contract: result.contracts.map(({ instrument }) => ({
        contractID: instrument.conid,
        inScanTime: scanTime,
      })),
    },
  };
}
