// Secrets out of a recording, by default: cookies, authorization, OAuth parameters, tokens and
// account ids. Each secret value is replaced by a pseudonym, the same one wherever the value
// appears in the file, so a recording still reads as one session (an account id listed by one
// answer is the same pseudonym in the next request's path) and can be replayed and compared.

import { encodedText, type EncodedText } from './encoded-text.js';

/** Headers whose values are secrets (lower case). */
const secretHeaders = new Set(['authorization', 'proxy-authorization', 'x-api-key']);
/** Query parameters, form fields and JSON keys whose values are secrets. */
const secretName =
  /token|secret|password|passwd|signature|session|cookie|verifier|assertion|^oauth_|^sso/i;
/** JSON keys and path parameters whose values are account ids (`sourceAccountId`, ...). */
const accountName =
  /^(source|target|from|to|master|parent|sub)?(acct|account)(id|ids|_id)?$|^selectedaccount$|^accounts$|^allocationaccounts$/i;
/** JSON keys whose values name a person: replaced like secrets, and wherever they appear. */
const personalName =
  /^(e-?mail(address)?|(first|last|middle|full|legal)(_?name)?|accounttitle|title|signatures?|holdername|ownername)$/i;
/** A query parameter in a text (a link in a body, a `Location`). */
const queryParameter = /([?&])([^=&#\s"'<>]+)=([^&#\s"'<>]*)/g;

/** Replaces secrets by pseudonyms, consistently for the life of one recording. */
export class Redactor {
  private readonly pseudonyms = new Map<string, string>();
  private accountCount = 0;
  private secretCount = 0;
  /** Known account ids and personal values, longest first (so that one inside another is not
   * replaced first). */
  private accountIds: string[] = [];
  private readonly encoded: EncodedText = encodedText((text) => this.body(text));

  /** An account id's pseudonym: its letters kept, its digits a counter of the same width
   * (`DU1234567` → `DU0000001`), so it still fits the document's patterns. */
  account(id: string): string {
    let pseudonym = this.pseudonyms.get(id);
    if (pseudonym === undefined) {
      this.accountCount += 1;
      const letters = /^[A-Za-z]*/.exec(id)?.[0] ?? '';
      const width = Math.max(1, id.length - letters.length);
      pseudonym = `${letters}${String(this.accountCount).padStart(width, '0')}`;
      this.pseudonyms.set(id, pseudonym);
      this.accountIds = [...this.accountIds, id].sort((a, b) => b.length - a.length);
    }
    return pseudonym;
  }

  /** A secret's pseudonym: `redacted-<n>`. */
  secret(value: string): string {
    let pseudonym = this.pseudonyms.get(value);
    if (pseudonym === undefined) {
      this.secretCount += 1;
      pseudonym = `redacted-${this.secretCount}`;
      this.pseudonyms.set(value, pseudonym);
    }
    return pseudonym;
  }

  /** A person's name or e-mail: a secret's pseudonym, replaced wherever it appears. */
  personal(value: string): string {
    const pseudonym = this.secret(value);
    if (!this.accountIds.includes(value))
      this.accountIds = [...this.accountIds, value].sort((a, b) => b.length - a.length);
    return pseudonym;
  }

  /** Learns the account ids and the personal values a JSON value names (keys such as
   * `accountId`, `accounts`, `email`), inside the JWTs and base64 texts it carries too. */
  learnAccounts(value: unknown, key = ''): void {
    if (Array.isArray(value)) {
      for (const item of value) this.learnAccounts(item, key);
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) this.learnAccounts(item, name);
    } else if (typeof value === 'string' && value.length > 2) {
      if (accountName.test(key)) this.account(value);
      else if (personalName.test(key)) this.personal(value);
      else {
        const inner = this.encoded.decoded(value, key);
        if (inner !== undefined) this.learnText(inner);
      }
    }
  }

  /** Learns from a body's text, when it is JSON (or a JWT, base64 text of JSON). */
  learnText(text: string): void {
    try {
      this.learnAccounts(JSON.parse(text));
    } catch {
      const inner = this.encoded.decoded(text, '');
      if (inner !== undefined && inner !== text) this.learnText(inner);
    }
  }

  /** Text with every known account id and personal value replaced, and the secret query
   * parameters of the links it holds (paths, headers, bodies that are not JSON). */
  text(text: string): string {
    let result = text;
    for (const id of this.accountIds) {
      const pseudonym = this.pseudonyms.get(id) ?? this.account(id);
      result = result.split(id).join(pseudonym);
    }
    return result.replace(queryParameter, (whole, before: string, name: string, value: string) =>
      secretName.test(name) && value !== '' ? `${before}${name}=${this.secret(value)}` : whole,
    );
  }

  /** A body's text: JSON by key, a form by field, a JWT or base64 text decoded, redacted and
   * encoded again, other text for what `text` replaces. */
  body(text: string, contentType = ''): string {
    const trimmed = text.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[') || /[/+]json\b/.test(contentType)) {
      try {
        return JSON.stringify(this.json(JSON.parse(text)));
      } catch {
        // not JSON after all
      }
    }
    if (/x-www-form-urlencoded/.test(contentType)) {
      const form = new URLSearchParams(text);
      return new URLSearchParams(
        [...form].map(([name, value]) => [name, this.query(name, value)]),
      ).toString();
    }
    return this.encoded.redacted(text, '') ?? this.text(text);
  }

  /** A JSON value with its secrets and account ids replaced. */
  json(value: unknown, key = ''): unknown {
    if (Array.isArray(value)) return value.map((item) => this.json(item, key));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        // A key may be an account id too (`acctProps`, `aliases` are keyed by account).
        Object.entries(value).map(([name, item]) => [this.text(name), this.json(item, name)]),
      );
    }
    if (typeof value !== 'string') return value;
    if (secretName.test(key) && value !== '') return this.secret(value);
    if (personalName.test(key) && value !== '') return this.personal(value);
    return this.encoded.redacted(value, key) ?? this.text(value);
  }

  /** A request or response header's value. */
  header(name: string, value: string): string {
    const lower = name.toLowerCase();
    if (lower === 'cookie') {
      return value
        .split(';')
        .map((pair) => this.cookiePair(pair.trim()))
        .join('; ');
    }
    if (lower === 'set-cookie') {
      const [pair = '', ...attributes] = value.split(';');
      return [this.cookiePair(pair.trim()), ...attributes].join(';');
    }
    if (secretHeaders.has(lower)) return this.authorization(value);
    return this.text(value);
  }

  /** A query parameter's value. */
  query(name: string, value: string): string {
    return secretName.test(name) && value !== '' ? this.secret(value) : this.text(value);
  }

  private cookiePair(pair: string): string {
    const at = pair.indexOf('=');
    return at < 0 ? pair : `${pair.slice(0, at)}=${this.secret(pair.slice(at + 1))}`;
  }

  /** `Scheme credentials` → the scheme kept; OAuth's `key="value"` list keeps its keys. */
  private authorization(value: string): string {
    const [scheme = '', ...rest] = value.split(' ');
    const credentials = rest.join(' ');
    if (/^oauth$/i.test(scheme)) {
      return `${scheme} ${credentials.replace(/([\w-]+)="([^"]*)"/g, (_, key: string, item: string) => (/^oauth_(version|signature_method)$/.test(key) ? `${key}="${item}"` : `${key}="${this.secret(item)}"`))}`;
    }
    return credentials === '' ? this.secret(value) : `${scheme} ${this.secret(credentials)}`;
  }
}

/** What a recording does with secrets: the redactor, or none (`--no-redact`). */
export type Redaction = Redactor | null;
