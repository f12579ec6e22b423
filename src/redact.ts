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

/** Words of an option or variable name that say its value is a secret. */
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
 */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg, i) => {
    if (i > 0 && isSecretOption(args[i - 1]!) && !arg.startsWith('-')) return redactValue(arg);
    const option = /^(--?[A-Za-z][\w.-]*)=(.*)$/s.exec(arg);
    if (option && isSecretOption(option[1]!)) return `${option[1]}=${redactValue(option[2]!)}`;
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(arg);
    if (assignment && namesSecret(assignment[1]!)) return `${assignment[1]}=${redactValue(assignment[2]!)}`;
    const header = /^((?:proxy-)?authorization|cookie|x-api-key)(\s*:\s*)(.*)$/is.exec(arg);
    if (header) return `${header[1]}${header[2]}${redactValue(header[3]!)}`;
    return redactUrlsIn(arg);
  });
}
