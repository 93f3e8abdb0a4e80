import { badRequest } from '../kernel/errors.js';

/** A bank that offers a kind of banking connection, keyed as the service sends it. */
export interface ParticipatingBank {
  BIC: string;
  clearingCode: string;
  institutionName: string;
}

/** The reference lists the utilities serve (fixture data). */
export interface ReferenceLists {
  complexAssetTransferBrokers: string[];
  /** Banks by kind of connection (`eDDA`). */
  participatingBanks: Record<string, ParticipatingBank[]>;
  /** The reference lists of account applications, by kind (`prohibited-country`, ...). */
  enumerations: Record<string, Record<string, unknown>[]>;
}

/** The kind of reference list whose entries are narrowed to one currency. */
const byCurrency = 'fin-info-ranges';

/** The only kind of asset transfer whose brokers the service lists. */
export const complexAssetTransfer = 'COMPLEX_ASSET_TRANSFER';

/** The account-management reference lists, read-only. */
export class ReferenceData {
  constructor(private readonly lists: ReferenceLists) {}

  brokers(instructionType: string): { instructionType: string; brokers: string[] } {
    if (instructionType !== complexAssetTransfer)
      throw badRequest(`Unsupported instructionType: ${instructionType}`);
    return { instructionType, brokers: [...this.lists.complexAssetTransferBrokers] };
  }

  banks(type: string): { type: string; participatingBanks: ParticipatingBank[] } {
    const banks = Object.hasOwn(this.lists.participatingBanks, type)
      ? this.lists.participatingBanks[type]
      : undefined;
    if (!banks) throw badRequest(`Unsupported type: ${type}`);
    return { type, participatingBanks: banks.map((bank) => ({ ...bank })) };
  }

  /** One kind of reference list; `fin-info-ranges` in one currency (USD by default). */
  enumeration(
    kind: string,
    currency = 'USD',
  ): { enumerationsType: string; jsonData: Record<string, unknown>[] } {
    const entries = Object.hasOwn(this.lists.enumerations, kind)
      ? this.lists.enumerations[kind]
      : undefined;
    if (!entries) throw badRequest(`Unsupported enumerationType: ${kind}`);
    const selected =
      kind === byCurrency
        ? entries.filter((entry) => entry.currency === currency.toUpperCase())
        : entries;
    return { enumerationsType: kind, jsonData: structuredClone(selected) };
  }
}
