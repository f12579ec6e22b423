// The header list of our node:http fetch and its answers, in place of the platform's `Headers`:
// Node builds that class (and `Response`) from its bundled undici, whose first use costs a
// one-shot command ~20 ms of CPU to compile. The same contract where the HTTP path uses it:
// case-insensitive names, values joined with ", ", names sorted when listed, and the same
// refusals (a name that is not an HTTP token, a value with NUL, CR or LF or a character beyond
// U+00FF), so no header a server or a config supplies reaches the wire unchecked.

/** RFC 9110 token characters: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** HTTP whitespace, trimmed from both ends of a value as the platform does. */
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** Forbidden inside a value, after trimming: header injection and bytes the wire cannot carry. */
const BAD_VALUE = /[\0\n\r]|[^\0-\u00ff]/;

export type HeaderPairs = Iterable<readonly [string, string]>;
export type WireHeadersInit = HeaderPairs | Record<string, string | undefined> | undefined;

/** A header list with the part of the `Headers` API that fetch callers use. */
export class WireHeaders {
  /** Lower-cased name → the values in arrival order. */
  private readonly lists = new Map<string, string[]>();

  constructor(init?: WireHeadersInit) {
    if (init === undefined || init === null) return;
    if (isPairs(init)) {
      for (const pair of init) {
        if (pair.length !== 2) throw new TypeError('Headers constructor: expected name/value pair to be length 2');
        this.append(pair[0], pair[1]);
      }
      return;
    }
    for (const [name, value] of Object.entries(init)) if (value !== undefined) this.append(name, value);
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const checked = checkedValue(name, value);
    const list = this.lists.get(key);
    if (list) list.push(checked);
    else this.lists.set(key, [checked]);
  }

  set(name: string, value: string): void {
    this.lists.set(checkedName(name), [checkedValue(name, value)]);
  }

  get(name: string): string | null {
    return this.lists.get(checkedName(name))?.join(', ') ?? null;
  }

  has(name: string): boolean {
    return this.lists.has(checkedName(name));
  }

  delete(name: string): void {
    this.lists.delete(checkedName(name));
  }

  getSetCookie(): string[] {
    return [...(this.lists.get('set-cookie') ?? [])];
  }

  forEach(callback: (value: string, name: string, parent: WireHeaders) => void): void {
    for (const [name, value] of this) callback(value, name, this);
  }

  /** Sorted by name, each name once with its values joined, set-cookie values one by one. */
  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.lists.keys()].sort()) {
      const list = this.lists.get(name) ?? [];
      if (name === 'set-cookie') for (const value of list) yield [name, value];
      else yield [name, list.join(', ')];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

function isPairs(init: object): init is HeaderPairs {
  return typeof (init as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}

function checkedName(name: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: invalid header name ${JSON.stringify(text)}`);
  return text.toLowerCase();
}

function checkedValue(name: string, value: string): string {
  const text = String(value).replace(EDGE_WHITESPACE, '');
  if (BAD_VALUE.test(text)) throw new TypeError(`Headers: invalid value for header "${name}"`);
  return text;
}
