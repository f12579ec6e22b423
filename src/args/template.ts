// The variables of a resource URI template (RFC 6570, as MCP's resources/templates/list gives
// them), filled from `name=value` words: `resources SERVER 'docs://project/{section}' section=faq`.
// A repeated name makes a list (`slug=a slug=b` for `{/slug*}`), and `name:=<json>` gives a list
// (`["a","b"]`) or an associative value (`{"k":"v"}`) as JSON. Variables of query expressions
// (`{?q}`, `{&q}`) may be left out; every other one is required.

import { type PromptArgument, undeclaredProblems } from './prompt.js';
import { argumentsError, type TemplateWhere } from './report.js';

/** A variable's value as RFC 6570 knows them: a string, a list, or an associative array. */
export type TemplateValue = string | string[] | Record<string, string>;

const EXPRESSION = /\{([+#./;?&]?)([^{}]*)\}/g;
/** The SDK's test (UriTemplate.isTemplate): a brace pair around something without whitespace. */
const ANY_EXPRESSION = /\{[^}\s]+\}/;

export function isUriTemplate(uri: string): boolean {
  return ANY_EXPRESSION.test(uri);
}

/** The template's variables in order of appearance, each once. */
export function templateVariables(template: string): PromptArgument[] {
  const variables = new Map<string, boolean>();
  for (const [, operator, list] of template.matchAll(EXPRESSION)) {
    for (const spec of list!.split(',')) {
      const name = spec.replace(/(\*|:\d+)$/, '').trim();
      if (name !== '' && !variables.has(name)) variables.set(name, operator !== '?' && operator !== '&');
    }
  }
  return [...variables].map(([name, required]) => ({ name, required }));
}

/**
 * The variables given as `name=value` and `name:=<json>` words, checked: malformed words,
 * unknown names, and missing required ones unless `requireAll` is false (context for a
 * completion), are one usage error.
 */
export function templateArguments(
  template: string,
  words: readonly string[],
  where: TemplateWhere,
  opts: { requireAll?: boolean } = {},
): Record<string, TemplateValue> {
  const problems: string[] = [];
  const given = new Map<string, TemplateValue>();
  for (const word of words) {
    const parsed = templateWord(word);
    if ('problem' in parsed) problems.push(parsed.problem);
    else {
      const merged = addValue(given.get(parsed.name), parsed.value);
      if (merged === undefined)
        problems.push(`variable "${parsed.name}" is given both as a list and as key/value pairs`);
      else given.set(parsed.name, merged);
    }
  }
  const variables = templateVariables(template);
  const declared = opts.requireAll === false ? variables.map((v) => ({ ...v, required: false })) : variables;
  problems.push(...undeclaredProblems([...given.keys()], declared, where));
  if (problems.length > 0) throw argumentsError(problems, where);
  // fromEntries defines own properties, so a name like `__proto__` stays an ordinary key.
  return Object.fromEntries(given);
}

/** The variables as a completion request's context takes them: strings, a list joined by commas. */
export function completionContext(values: Record<string, TemplateValue>): Record<string, string> {
  const context: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') context[name] = value;
    else if (Array.isArray(value)) context[name] = value.join(',');
  }
  return context;
}

type TemplateWord = { name: string; value: TemplateValue } | { problem: string };

function templateWord(word: string): TemplateWord {
  const eq = word.indexOf('=');
  if (eq < 0) return { problem: `"${word}" is not a variable: write name=value or name:=<json>` };
  const json = word[eq - 1] === ':';
  const name = word.slice(0, json ? eq - 1 : eq);
  if (name === '') return { problem: `"${word}" has no variable name before "${json ? ':=' : '='}"` };
  const text = word.slice(eq + 1);
  if (!json) return { name, value: text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: `variable "${name}": ${text} is not JSON` };
  }
  const value = jsonTemplateValue(parsed);
  if (value === undefined)
    return { problem: `variable "${name}": give a string, a list of values or an object of values, as JSON` };
  return { name, value };
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function jsonTemplateValue(value: unknown): TemplateValue | undefined {
  if (isScalar(value)) return String(value);
  if (Array.isArray(value)) return value.every(isScalar) ? value.map(String) : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Object.entries(value);
  if (!entries.every(([, v]) => isScalar(v))) return undefined;
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

/** A repeated name collects its values into one list; lists and key/value pairs do not mix. */
function addValue(before: TemplateValue | undefined, value: TemplateValue): TemplateValue | undefined {
  if (before === undefined) return value;
  if (typeof before === 'object' && !Array.isArray(before))
    return typeof value === 'object' && !Array.isArray(value) ? { ...before, ...value } : undefined;
  if (typeof value === 'object' && !Array.isArray(value)) return undefined;
  return [before, value].flat();
}
