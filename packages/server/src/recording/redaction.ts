// Secrets out of a recording, by default: cookies, authorization, OAuth parameters, tokens and
// account ids. Each secret value is replaced by a pseudonym, the same one wherever the value
// appears in the file, so a recording still reads as one session (an account id listed by one
// answer is the same pseudonym in the next request's path) and can be replayed and compared.

/** Headers whose values are secrets (lower case). */
const secretHeaders = new Set(['authorization', 'proxy-authorization', 'x-api-key']);
/** Query parameters and JSON keys whose values are secrets. */
const secretName = /token|secret|password|passwd|signature|session|cookie|verifier|^oauth_|^sso/i;
/** JSON keys and path parameters whose values are account ids. */
const accountName =
  /^(acct|account)(id|ids|_id)?$|^selectedaccount$|^accounts$|^allocationaccounts$/i;

/** Replaces secrets by pseudonyms, consistently for the life of one recording. */
export class Redactor {
  private readonly pseudonyms = new Map<string, string>();
  private accountCount = 0;
  private secretCount = 0;
  /** Known account ids, longest first (so that one id inside another is not replaced first). */
  private accountIds: string[] = [];

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

  /** Learns the account ids a JSON value names (keys such as `accountId`, `accounts`). */
  learnAccounts(value: unknown, key = ''): void {
    if (Array.isArray(value)) {
      for (const item of value) this.learnAccounts(item, key);
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) this.learnAccounts(item, name);
    } else if (typeof value === 'string' && value.length > 2 && accountName.test(key)) {
      this.account(value);
    }
  }

  /** Text with every known account id replaced (paths, bodies that are not JSON). */
  text(text: string): string {
    let result = text;
    for (const id of this.accountIds) result = result.split(id).join(this.account(id));
    return result;
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
    return this.text(value);
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
    return secretName.test(name) ? this.secret(value) : this.text(value);
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
