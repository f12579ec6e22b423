// The variables of a resource URI template (RFC 6570, as MCP's resources/templates/list gives
// them), filled from `name=value` words: `resources SERVER 'docs://project/{section}' section=faq`.
// Variables of query expressions (`{?q}`, `{&q}`) may be left out; every other one is required.

// Nothing here loads the SDK, so a command checks its words before it starts a server; filling a
// template in is the SDK's job (expand-template.ts, reached through the session layer).

import { buildPromptArguments, type PromptArgument } from './prompt.js';
import type { TemplateWhere } from './report.js';

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
 * The variables given as `name=value` words, checked: unknown ones, and missing required ones
 * unless `requireAll` is false (context for a completion), are one usage error.
 */
export function templateArguments(
  template: string,
  words: readonly string[],
  where: TemplateWhere,
  opts: { requireAll?: boolean } = {},
): Record<string, string> {
  const variables = templateVariables(template);
  return buildPromptArguments(
    words,
    opts.requireAll === false ? variables.map((v) => ({ ...v, required: false })) : variables,
    where,
  );
}
