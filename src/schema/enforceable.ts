// Takes out of a tool schema the patterns the linear engine (linear-regexp.ts) cannot run
// (lookaround, backreferences), before ajv compiles it. They are not enforced by mcpctl, and
// each one is reported so that the caller can warn, naming the tool and the keyword; the server
// still validates. Never a fallback to a backtracking engine: that is the attack.

import { linearPattern } from './linear-regexp.js';
import { isSchemaObject, type JsonSchema } from './navigate.js';
import { escapeToken } from './pointer.js';

/** A pattern mcpctl does not check. `at` is the JSON pointer of the keyword in the schema. */
export interface Unenforced {
  keyword: 'pattern' | 'patternProperties';
  at: string;
  pattern: string;
  reason: string;
}

/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  'properties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);
/** Keywords whose value is a subschema or a list of them. */
const SCHEMA_VALUES: ReadonlySet<string> = new Set([
  'items',
  'prefixItems',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
]);

type Entry = [string, unknown];

function unsupported(pattern: string): string | undefined {
  const verdict = linearPattern(pattern);
  return verdict.kind === 'unsupported' ? verdict.reason : undefined;
}

function rewriteValue(value: unknown, at: string, out: Unenforced[]): unknown {
  return Array.isArray(value) ? value.map((v, i) => rewrite(v, `${at}/${i}`, out)) : rewrite(value, at, out);
}

function rewriteMap(map: Record<string, unknown>, at: string, out: Unenforced[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(map).map(([name, sub]): Entry => [name, rewrite(sub, `${at}/${escapeToken(name)}`, out)]),
  );
}

/** One schema object, copied with its unenforceable patterns left out. */
function rewrite(node: unknown, at: string, out: Unenforced[]): unknown {
  if (!isSchemaObject(node)) return node;
  const entries: Entry[] = [];
  let lostKey = false;
  for (const [key, value] of Object.entries(node)) {
    const where = `${at}/${escapeToken(key)}`;
    if (key === 'pattern' && typeof value === 'string') {
      const reason = unsupported(value);
      if (reason === undefined) entries.push([key, value]);
      else out.push({ keyword: 'pattern', at: where, pattern: value, reason });
    } else if (key === 'patternProperties' && isSchemaObject(value)) {
      const kept: Entry[] = [];
      for (const [pattern, sub] of Object.entries(value)) {
        const reason = unsupported(pattern);
        if (reason === undefined) kept.push([pattern, rewrite(sub, `${where}/${escapeToken(pattern)}`, out)]);
        else {
          out.push({ keyword: 'patternProperties', at: where, pattern, reason });
          lostKey = true;
        }
      }
      entries.push([key, Object.fromEntries(kept)]);
    } else if (SCHEMA_MAPS.has(key) && isSchemaObject(value)) {
      entries.push([key, rewriteMap(value, where, out)]);
    } else if (SCHEMA_VALUES.has(key)) {
      entries.push([key, rewriteValue(value, where, out)]);
    } else {
      entries.push([key, value]);
    }
  }
  // A name the lost pattern would have claimed would now fall to additionalProperties (or
  // unevaluatedProperties), which could reject what the server accepts: they go too.
  const kept = lostKey
    ? entries.filter(([key]) => key !== 'additionalProperties' && key !== 'unevaluatedProperties')
    : entries;
  // fromEntries keeps a property named `__proto__` an own key.
  return Object.fromEntries(kept);
}

/** `schema` without the patterns the linear engine cannot run, and the list of those. */
export function enforceable(schema: JsonSchema): { schema: JsonSchema; unenforced: Unenforced[] } {
  const unenforced: Unenforced[] = [];
  const rewritten = rewrite(schema, '', unenforced) as JsonSchema;
  return { schema: unenforced.length === 0 ? schema : rewritten, unenforced };
}

/** The warning for one unenforced pattern; `subject` names the schema (`the inputSchema of tool "x"`). */
export function unenforcedWarning(subject: string, u: Unenforced): string {
  const what = u.keyword === 'pattern' ? 'pattern' : 'patternProperties key';
  return (
    `${subject}: the ${what} ${JSON.stringify(u.pattern)} at ${u.at || '/'} uses ${u.reason}, which mcpctl's ` +
    'linear-time regular expression engine cannot run; mcpctl does not check it (the server still validates)'
  );
}
