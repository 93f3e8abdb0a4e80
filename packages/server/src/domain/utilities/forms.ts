import { base64Utf8, sha1Hex } from '../kernel/digest.js';
import { badRequest } from '../kernel/errors.js';
import { dayMs } from '../kernel/time-format.js';

/** A form as the fixtures keep it: its description and its text. */
export interface FormRecord {
  formNumber: number;
  formName: string;
  language: string;
  dateModified: string;
  type: string;
  action: string;
  apiSupportedTask: boolean;
  acceptableDocs: string[];
  /** The form's text; its file is this text, UTF-8. */
  content: string;
}

export type FormProjection = 'PAYLOAD' | 'DOCS' | 'NONE';

export interface FormView {
  formNumber: number;
  formName: string;
  fileName: string;
  language: string;
  dateModified: string;
  sha1Checksum: string;
  fileLength: number;
  type: string;
  action: string;
  apiSupportedTask: boolean;
  acceptableDocs?: string[];
  payload?: { mimeType: string; data: string };
}

export interface FormQuery {
  formNo?: number[];
  /** Days, `YYYY-MM-DD`, both included. */
  fromDate?: string;
  toDate?: string;
  projection?: FormProjection;
}

/** Which forms an application requires (fixture data): some always, some by its answers. */
export interface RequiredFormsRule {
  always: string[];
  usResident: string[];
  nonUsResident: string[];
  ira: string[];
  requestedSYEP: string[];
  byTradingPermission: Record<string, string[]>;
  byCapability: Record<string, string[]>;
}

/** The shape of an application, as far as its forms depend on it. */
export interface ApplicationShape {
  residenceCountry?: string;
  ira?: boolean;
  requestedSYEP?: boolean;
  tradingPermissions?: string[];
  capability?: string[];
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The first instant of a day (`YYYY-MM-DD`, UTC) in ms, or 400. */
function dayStart(name: string, day: string): number {
  const ms = dayPattern.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms)) throw badRequest(`Invalid ${name}: ${day}`);
  return ms;
}

/** The days a query names, as a half-open range of instants (either end open when absent). */
export function dayRange(
  from: { name: string; day: string | undefined },
  to: { name: string; day: string | undefined },
): { start: number; end: number } {
  const start = from.day === undefined ? -Infinity : dayStart(from.name, from.day);
  const end = to.day === undefined ? Infinity : dayStart(to.name, to.day) + dayMs;
  if (end <= start) throw badRequest(`${to.name} is before ${from.name}`);
  return { start, end };
}

/** The service's forms (fixture data) and the rule of the forms an application requires. */
export class Forms {
  constructor(
    private readonly forms: readonly FormRecord[],
    private readonly rule: RequiredFormsRule,
  ) {}

  /** The forms a query selects, in number order, with what its projection adds. */
  async list(query: FormQuery): Promise<FormView[]> {
    const range = dayRange(
      { name: 'fromDate', day: query.fromDate },
      { name: 'toDate', day: query.toDate },
    );
    const wanted = query.formNo && query.formNo.length > 0 ? new Set(query.formNo) : undefined;
    const selected = this.forms
      .filter((form) => wanted?.has(form.formNumber) ?? true)
      .filter((form) => {
        const modified = Date.parse(form.dateModified);
        return modified >= range.start && modified < range.end;
      })
      .sort((a, b) => a.formNumber - b.formNumber);
    return Promise.all(selected.map((form) => formView(form, query.projection ?? 'NONE')));
  }

  /** The form with this number, if the service has it. */
  form(formNumber: number): FormRecord | undefined {
    return this.forms.find((form) => form.formNumber === formNumber);
  }

  /** The numbers of the forms an application of this shape requires, each once, in rule order. */
  required(shape: ApplicationShape): string[] {
    const { rule } = this;
    const lists = [
      rule.always,
      shape.residenceCountry === undefined
        ? []
        : shape.residenceCountry.toUpperCase() === 'USA'
          ? rule.usResident
          : rule.nonUsResident,
      shape.ira === true ? rule.ira : [],
      shape.requestedSYEP === true ? rule.requestedSYEP : [],
      ...(shape.tradingPermissions ?? []).map((name) => listOf(rule.byTradingPermission, name)),
      ...(shape.capability ?? []).map((name) => listOf(rule.byCapability, name)),
    ];
    return [...new Set(lists.flat())];
  }
}

function listOf(table: Record<string, string[]>, key: string): string[] {
  return Object.hasOwn(table, key.toUpperCase()) ? (table[key.toUpperCase()] ?? []) : [];
}

async function formView(form: FormRecord, projection: FormProjection): Promise<FormView> {
  const view: FormView = {
    formNumber: form.formNumber,
    formName: form.formName,
    fileName: `Form${form.formNumber}.txt`,
    language: form.language,
    dateModified: form.dateModified,
    sha1Checksum: await sha1Hex(form.content),
    fileLength: new TextEncoder().encode(form.content).length,
    type: form.type,
    action: form.action,
    apiSupportedTask: form.apiSupportedTask,
  };
  if (projection === 'DOCS') view.acceptableDocs = [...form.acceptableDocs];
  if (projection === 'PAYLOAD')
    view.payload = { mimeType: 'text/plain', data: base64Utf8(form.content) };
  return view;
}
