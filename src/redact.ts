// What mcpctl shows of values that may hold secrets: URLs (userinfo, query values, fragment),
// command-line arguments that look like secrets, and config values (as their ${VAR} references).
// Every table, JSON document and error message that shows one of these goes through here.

export const REDACTED = '<redacted>';

const REFERENCE = /(\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\})/;

/**
 * A value as written with every literal part hidden: `${VAR}` references show (they name where a
 * secret lives, not the secret), defaults and literal text become <redacted>, except an auth
 * scheme word (`Bearer ${TOKEN}`), which says what kind of value it is and nothing more.
 */
export function redactValue(value: string): string {
  return value
    .split(REFERENCE)
    .map((part, i) => {
      if (part === '') return '';
      if (i % 2 === 1) return part.replace(/:-[^}]*\}$/, `:-${REDACTED}}`);
      return /^(Bearer|Basic|Token|Bot)\s+$/i.test(part) ? part : REDACTED;
    })
    .join('');
}

const URL_START = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/s;

/**
 * A URL with its userinfo (a user name alone too: `https://TOKEN@host`), every query value and
 * the fragment hidden; scheme, host, port, path and query keys stay. Works on text that is not a
 * valid URL yet (`${BASE}/mcp?key=abc`, before interpolation): it never parses, only cuts.
 */
export function redactUrl(url: string): string {
  const start = URL_START.exec(url);
  const [scheme, authority, rest] = start ? [start[1]!, start[2]!, start[3]!] : ['', '', url];
  const at = authority.lastIndexOf('@');
  const host =
    at < 0 ? authority : `${authority.slice(0, at).split(':').map(redactValue).join(':')}@${authority.slice(at + 1)}`;
  const hashAt = rest.indexOf('#');
  const beforeHash = hashAt < 0 ? rest : rest.slice(0, hashAt);
  const fragment = hashAt < 0 || hashAt === rest.length - 1 ? (hashAt < 0 ? '' : '#') : `#${REDACTED}`;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query =
    queryAt < 0
      ? ''
      : `?${beforeHash
          .slice(queryAt + 1)
          .split('&')
          .map(redactQueryPart)
          .join('&')}`;
  return `${scheme}${host}${path}${query}${fragment}`;
}

function redactQueryPart(part: string): string {
  const eq = part.indexOf('=');
  if (eq < 0) return part === '' ? '' : redactValue(part);
  return `${part.slice(0, eq)}=${redactValue(part.slice(eq + 1))}`;
}

const URL_IN_TEXT = /\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>`]+/g;

/** Every URL inside a message, redacted (see redactUrl); the rest of the text as it was. */
export function redactUrlsIn(text: string): string {
  return text.includes('://') ? text.replace(URL_IN_TEXT, (url) => redactUrl(url)) : text;
}

/** Words of an option, variable or header name that say its value is a secret. */
const SECRET_WORDS = new Set([
  'token',
  'key',
  'apikey',
  'secret',
  'password',
  'passwd',
  'pass',
  'pwd',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'bearer',
  'pat',
  'cookie',
]);

function namesSecret(name: string): boolean {
  return name.split(/[-_.]+/).some((word) => SECRET_WORDS.has(word.toLowerCase()));
}

/** `--token`, `--api-key`, `-password`: an option whose value is secret (`--no-auth` is not one). */
function isSecretOption(word: string): boolean {
  const m = /^--?([A-Za-z][\w.-]*)$/.exec(word);
  return m !== null && !/^no-/i.test(m[1]!) && namesSecret(m[1]!);
}

/**
 * Command-line arguments with the values that look secret hidden: `--token=…` and
 * `--api-key VALUE`, `NAME_KEY=…` / `_TOKEN=` / `_SECRET=` assignments (docker -e), an
 * `Authorization: …` header, and every URL's userinfo and query values. `${VAR}` stays.
 * An assignment or header is hidden as the value of any option too: `--header=Authorization: …`,
 * `-HAuthorization: …`, `--env=API_KEY=…`.
 */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg, i) => {
    if (i > 0 && isSecretOption(args[i - 1]!) && !arg.startsWith('-')) return redactValue(arg);
    const option = /^(--?[A-Za-z][\w.-]*)=(.*)$/s.exec(arg);
    if (option)
      return `${option[1]}=${isSecretOption(option[1]!) ? redactValue(option[2]!) : redactOperand(option[2]!)}`;
    const attached = /^(-[A-Za-z])(.+)$/s.exec(arg);
    if (attached) return `${attached[1]}${redactOperand(attached[2]!)}`;
    return redactOperand(arg);
  });
}

/** An argument, or an option's value, that is a secret assignment, a secret header or holds URLs. */
function redactOperand(arg: string): string {
  const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(arg);
  if (assignment && namesSecret(assignment[1]!)) return `${assignment[1]}=${redactValue(assignment[2]!)}`;
  // A header whose name says its value is secret: Authorization, Cookie, X-Api-Key, Private-Token…
  const header = /^(\s*([A-Za-z][A-Za-z0-9-]*))(\s*:\s*)(.*)$/s.exec(arg);
  if (header && namesSecret(header[2]!)) return `${header[1]}${header[3]}${redactValue(header[4]!)}`;
  return redactUrlsIn(arg);
}

/** What a masked secret shows as in a report, a message or a log line (as CI runners print it). */
export const MASK = '***';

/** Shorter values would blank out ordinary words and numbers. */
const MIN_SECRET_LENGTH = 4;

/**
 * The values mcpctl took from the environment in this run (interpolated `${VAR}`s, `envFrom`,
 * `headersFrom`, OAuth secrets), collected where they are read and masked wherever mcpctl
 * reports: every report, message, log line and terminal rendering. Each value is masked as it
 * is, and in the forms it travels in: base64 (at any byte offset, so inside `Basic` credentials
 * too), base64url, percent-encoded, and JSON- and XML-escaped.
 */
export class Secrets {
  private readonly values = new Set<string>();
  private forms: string[] = [];

  add(value: string | undefined): void {
    if (value === undefined || value.length < MIN_SECRET_LENGTH || this.values.has(value)) return;
    this.values.add(value);
    const all = new Set([...this.forms, ...encodedForms(value)]);
    // Longest first: a form that holds another is masked whole.
    this.forms = [...all].filter((f) => f.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  }

  get size(): number {
    return this.values.size;
  }

  /** `text` with every form of every secret replaced by MASK. */
  mask(text: string): string {
    let out = text;
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(MASK);
    return out;
  }

  /** A copy of `value` with every string (keys too) masked. */
  maskDeep<T>(value: T): T {
    if (this.forms.length === 0) return value;
    const deep = (v: unknown): unknown => {
      if (typeof v === 'string') return this.mask(v);
      if (Array.isArray(v)) return v.map(deep);
      if (v !== null && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [this.mask(k), deep(x)]));
      return v;
    };
    return deep(value) as T;
  }
}

/** The ways a secret's bytes are written where it travels or is reported. */
function encodedForms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms = [
    value,
    encodeURIComponent(value),
    encodeURI(value),
    JSON.stringify(value).slice(1, -1),
    xmlEscaped(value),
  ];
  for (const b64 of base64Forms(bytes)) forms.push(b64, b64.replace(/\+/g, '-').replace(/\//g, '_'));
  return forms;
}

/**
 * The base64 characters a secret always encodes to, whatever precedes it: for each of the three
 * byte offsets, the characters made only of the secret's own bits.
 */
function base64Forms(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const from = Math.ceil((offset * 8) / 6);
    const to = Math.floor(((offset + bytes.length) * 8) / 6);
    out.push(encoded.slice(from, to));
  }
  // The whole value encoded alone, with its padding.
  out.push(bytes.toString('base64'));
  return out.filter((f) => f.length >= MIN_SECRET_LENGTH + 2);
}

function xmlEscaped(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
