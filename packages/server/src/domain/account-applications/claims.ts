import { badRequest } from '../kernel/errors.js';
import type { Applicant } from './model.js';

/** Reading the claims of a signed body: every failure is a 400 naming the claim. */
type Claims = Record<string, unknown>;

const maxListLength = 50;
const maxTextLength = 128;

function isRecord(value: unknown): value is Claims {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object at `path`; undefined when absent and not `required`. */
export function objectClaim(value: unknown, path: string, required: true): Claims;
export function objectClaim(value: unknown, path: string, required?: false): Claims | undefined;
export function objectClaim(value: unknown, path: string, required = false): Claims | undefined {
  if (value === undefined && !required) return undefined;
  if (!isRecord(value)) throw badRequest(`${path} must be an object`);
  return value;
}

/** The text at `path` (1 to 128 characters); undefined when absent and not `required`. */
export function textClaim(value: unknown, path: string, required: true): string;
export function textClaim(value: unknown, path: string, required?: false): string | undefined;
export function textClaim(value: unknown, path: string, required = false): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > maxTextLength)
    throw badRequest(`${path} must be a text of 1 to ${maxTextLength} characters`);
  return value;
}

/** The list at `path` (1 to 50 items); an empty list when absent and not `required`. */
export function listClaim(value: unknown, path: string, required = false): unknown[] {
  if (value === undefined && !required) return [];
  if (!Array.isArray(value) || value.length === 0 || value.length > maxListLength)
    throw badRequest(`${path} must be a list of 1 to ${maxListLength} items`);
  return value;
}

export function formNumberClaim(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw badRequest(`${path} must be a form number`);
  return value;
}

/** The form numbers of a list of documents (`documents[].formNumber`, each with its file). */
export function documentForms(value: unknown, path: string, required = false): number[] {
  return listClaim(value, path, required).map((item, index) => {
    const document = objectClaim(item, `${path}[${index}]`, true);
    const file = objectClaim(document.attachedFile, `${path}[${index}].attachedFile`, true);
    textClaim(file.fileName, `${path}[${index}].attachedFile.fileName`, true);
    return formNumberClaim(document.formNumber, `${path}[${index}].formNumber`);
  });
}

/** The vendor's customer types, and the kind of trading account each opens. */
const accountTypes = {
  INDIVIDUAL: 'INDIVIDUAL',
  IRA: 'INDIVIDUAL',
  UGMA: 'INDIVIDUAL',
  UTMA: 'INDIVIDUAL',
  JOINT: 'JOINT',
  TRUST: 'ORG',
  ORG: 'ORG',
} as const;

export type ApplicantType = keyof typeof accountTypes;

/** What the simulation reads of an application (the claim `application`). */
export interface ApplicationInput {
  applicantType: ApplicantType;
  accountType: (typeof accountTypes)[ApplicantType];
  externalId?: string;
  userName?: string;
  applicant: Applicant;
  baseCurrency: string;
  /** The vendor's account capabilities asked for (`OPT`, `FUT`, `MRGN`, ...). */
  capabilities: string[];
  margin: boolean;
  alias: string;
  masterAccountId?: string;
  /** Forms whose signed documents came with the application. */
  documentForms: number[];
}

const currencyPattern = /^[A-Z]{3}$/;

/** Reads the claim `application` of a signed application. */
export function applicationInput(claims: Claims): ApplicationInput {
  const application = objectClaim(claims.application, 'application', true);
  const customer = objectClaim(application.customer, 'application.customer', true);
  const type = textClaim(customer.type, 'application.customer.type', true);
  if (!Object.hasOwn(accountTypes, type))
    throw badRequest(
      `application.customer.type must be one of ${Object.keys(accountTypes).join(', ')}`,
    );
  const applicantType = type as ApplicantType;
  const account = objectClaim(
    listClaim(application.accounts, 'application.accounts')[0],
    'application.accounts[0]',
  );
  const baseCurrency =
    textClaim(account?.baseCurrency, 'application.accounts[0].baseCurrency') ?? 'USD';
  if (!currencyPattern.test(baseCurrency))
    throw badRequest('application.accounts[0].baseCurrency must be a currency code');
  const capabilities = listClaim(account?.capabilities, 'application.accounts[0].capabilities').map(
    (item, index) => textClaim(item, `application.accounts[0].capabilities[${index}]`, true),
  );
  const margin = textClaim(account?.margin, 'application.accounts[0].margin');
  return {
    applicantType,
    accountType: accountTypes[applicantType],
    externalId: textClaim(customer.externalId, 'application.customer.externalId'),
    userName: textClaim(customer.userName, 'application.customer.userName'),
    applicant: applicantOf(customer, applicantType),
    baseCurrency,
    capabilities,
    margin: capabilities.includes('MRGN') || (margin !== undefined && margin !== 'Cash'),
    alias: textClaim(account?.alias, 'application.accounts[0].alias') ?? '',
    masterAccountId: textClaim(application.masterAccountId, 'application.masterAccountId'),
    documentForms: documentForms(application.documents, 'application.documents'),
  };
}

/** The holder's name: the first account holder's, or the organization's. */
function applicantOf(customer: Claims, type: ApplicantType): Applicant {
  const email = textClaim(customer.email, 'application.customer.email');
  const country = textClaim(
    customer.legalResidenceCountry,
    'application.customer.legalResidenceCountry',
  );
  const contact = {
    ...(email === undefined ? {} : { email }),
    ...(country === undefined ? {} : { country }),
  };
  if (type === 'ORG' || type === 'TRUST') {
    const base = 'application.customer.organization.identifications[0]';
    const organization = objectClaim(
      customer.organization,
      'application.customer.organization',
      true,
    );
    const identification = objectClaim(
      listClaim(
        organization.identifications,
        'application.customer.organization.identifications',
        true,
      )[0],
      base,
      true,
    );
    return {
      firstName: textClaim(identification.name, `${base}.name`, true),
      lastName: '',
      ...contact,
    };
  }
  const base = 'application.customer.accountHolder.accountHolderDetails[0]';
  const holder = objectClaim(customer.accountHolder, 'application.customer.accountHolder', true);
  const details = objectClaim(
    listClaim(
      holder.accountHolderDetails,
      'application.customer.accountHolder.accountHolderDetails',
      true,
    )[0],
    base,
    true,
  );
  const name = objectClaim(details.name, `${base}.name`, true);
  return {
    firstName: textClaim(name.first, `${base}.name.first`, true),
    lastName: textClaim(name.last, `${base}.name.last`, true),
    ...contact,
  };
}
