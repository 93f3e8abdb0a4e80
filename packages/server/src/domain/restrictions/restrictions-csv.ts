import type { Rule } from './model.js';

/** The restrictions CSV: one command a line, fields separated by commas (blank lines and lines
 * starting with `#` are skipped):
 *
 *     RESTR_ADD, <name>, RULE_BEGIN, rule_type=CLOSINGONLY[, tif=GTC|DAY][, conid=<n>], RULE_END
 *     RESTR_DELETE, <name>
 *     RESTR_ASSOC_ADD, <name>, <account>
 *     RESTR_ASSOC_DELETE, <name>, <account>
 *     LIST_ADD, <list name>, <conid>[, <conid>...]
 *     LIST_DELETE, <list name>
 *
 * Parsing checks the form only; whether names and accounts exist is the plan's (`restrictions.ts`). */

export type Command =
  | { op: 'add'; line: number; name: string; rule: Rule }
  | { op: 'delete'; line: number; name: string }
  | { op: 'link' | 'unlink'; line: number; name: string; accountId: string }
  | { op: 'listAdd'; line: number; name: string; conids: number[] }
  | { op: 'listDelete'; line: number; name: string };

/** The most contracts one list holds. */
export const maxListEntries = 500;

export type Parsed = { commands: Command[] } | { error: string };

const namePattern = /^[A-Za-z0-9_.-]{1,64}$/;

class CsvError extends Error {}

const fail = (line: number, message: string): never => {
  throw new CsvError(`Line ${line}: ${message}`);
};

function nameAt(fields: string[], line: number): string {
  const name = fields[1] ?? '';
  const what = fields[0]?.startsWith('LIST_') ? 'list' : 'restriction';
  if (!name) fail(line, `${fields[0]} needs a ${what} name`);
  if (!namePattern.test(name))
    fail(line, `${what} name ${name} may hold only letters, digits, '_', '.', '-' (at most 64)`);
  return name;
}

function conidOf(text: string, line: number): number {
  const conid = Number(text);
  if (!(text !== '' && Number.isSafeInteger(conid) && conid > 0))
    fail(line, `conid ${text || '(empty)'} is not a contract id`);
  return conid;
}

function listOf(fields: string[], line: number): number[] {
  const conids = fields.slice(2).map((field) => conidOf(field, line));
  if (conids.length === 0) fail(line, 'LIST_ADD needs at least one conid');
  if (conids.length > maxListEntries)
    fail(line, `a list holds at most ${maxListEntries} contracts`);
  if (new Set(conids).size !== conids.length) fail(line, 'a conid is named twice in the list');
  return conids;
}

function ruleOf(fields: string[], line: number): Rule {
  if (fields[2] !== 'RULE_BEGIN') fail(line, 'missing RULE_BEGIN after the restriction name');
  const end = fields.indexOf('RULE_END');
  if (end === -1) fail(line, 'missing RULE_END');
  if (end !== fields.length - 1) fail(line, 'nothing may follow RULE_END');
  const parameters = new Map<string, string>();
  for (const field of fields.slice(3, end)) {
    const [key = '', value, ...rest] = field.split('=').map((part) => part.trim());
    if (value === undefined || rest.length > 0 || !key || !value)
      fail(line, `rule parameter ${field || '(empty)'} is not key=value`);
    if (parameters.has(key)) fail(line, `rule parameter ${key} given twice`);
    parameters.set(key, value as string);
  }
  for (const key of parameters.keys())
    if (!['rule_type', 'tif', 'conid'].includes(key))
      fail(line, `unknown rule parameter ${key} (known: rule_type, tif, conid)`);
  const ruleType = parameters.get('rule_type');
  if (ruleType === undefined) fail(line, 'missing rule_type');
  if (ruleType !== 'CLOSINGONLY') fail(line, `unknown rule_type ${ruleType} (known: CLOSINGONLY)`);
  const tif = parameters.get('tif') ?? 'GTC';
  if (tif !== 'GTC' && tif !== 'DAY') fail(line, `tif ${tif} is neither GTC nor DAY`);
  const conidText = parameters.get('conid');
  const conid = conidText === undefined ? undefined : Number(conidText);
  if (conid !== undefined && !(Number.isSafeInteger(conid) && conid > 0))
    fail(line, `conid ${conidText} is not a contract id`);
  return {
    ruleType: 'CLOSINGONLY',
    tif: tif as Rule['tif'],
    ...(conid === undefined ? {} : { conid }),
  };
}

function commandOf(fields: string[], line: number): Command {
  const [op] = fields;
  switch (op) {
    case 'RESTR_ADD':
      return { op: 'add', line, name: nameAt(fields, line), rule: ruleOf(fields, line) };
    case 'RESTR_DELETE':
      if (fields.length !== 2) fail(line, 'RESTR_DELETE takes one restriction name');
      return { op: 'delete', line, name: nameAt(fields, line) };
    case 'RESTR_ASSOC_ADD':
    case 'RESTR_ASSOC_DELETE': {
      if (fields.length !== 3 || !fields[2])
        fail(line, `${op} takes a restriction name and an account`);
      const name = nameAt(fields, line);
      return {
        op: op === 'RESTR_ASSOC_ADD' ? 'link' : 'unlink',
        line,
        name,
        accountId: fields[2] as string,
      };
    }
    case 'LIST_ADD':
      return { op: 'listAdd', line, name: nameAt(fields, line), conids: listOf(fields, line) };
    case 'LIST_DELETE':
      if (fields.length !== 2) fail(line, 'LIST_DELETE takes one list name');
      return { op: 'listDelete', line, name: nameAt(fields, line) };
    default:
      return fail(
        line,
        `unknown command ${op || '(empty)'} (known: RESTR_ADD, RESTR_DELETE, RESTR_ASSOC_ADD, RESTR_ASSOC_DELETE, LIST_ADD, LIST_DELETE)`,
      );
  }
}

export function parseRestrictionsCsv(text: string): Parsed {
  try {
    const commands = text
      .split(/\r?\n/)
      .map((raw, index) => ({ raw: raw.trim(), line: index + 1 }))
      .filter(({ raw }) => raw !== '' && !raw.startsWith('#'))
      .map(({ raw, line }) =>
        commandOf(
          raw.split(',').map((field) => field.trim()),
          line,
        ),
      );
    if (commands.length === 0) return { error: 'The CSV holds no command' };
    return { commands };
  } catch (error) {
    if (error instanceof CsvError) return { error: error.message };
    throw error;
  }
}

/** The CSV a base64 payload carries (base64 or base64url, padded or not); undefined when it is
 * not base64 or not UTF-8 text. */
export function decodePayload(payload: string): string | undefined {
  const normal = payload.trim().replaceAll('-', '+').replaceAll('_', '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normal) || normal.length % 4 === 1) return undefined;
  const padded = normal.padEnd(Math.ceil(normal.length / 4) * 4, '=');
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
