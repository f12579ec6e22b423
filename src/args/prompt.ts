// Arguments of `prompts SERVER PROMPT key=value…`: MCP prompts take strings only, declared as a
// list of {name, description, required}. Values are taken literally (no JSON, no @file), and a
// repeated name keeps its last value.

import { argumentsError, type PromptWhere, type TemplateWhere } from './report.js';
import { didYouMean } from '../suggest.js';

/** A prompt argument as MCP declares it in `prompts/list`. */
export interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

/**
 * The prompt's arguments from `words`, checked against `declared`: required ones must be given,
 * unknown ones are errors with a suggestion. With `declared` undefined (the server listed none)
 * nothing is checked. Throws one usage error listing every problem.
 */
export function buildPromptArguments(
  words: readonly string[],
  declared: readonly PromptArgument[] | undefined,
  where: PromptWhere | TemplateWhere,
): Record<string, string> {
  const problems: string[] = [];
  const given = new Map<string, string>();
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq <= 0) {
      problems.push(
        eq === 0 ? `"${word}" has no argument name before "="` : `"${word}" is not an argument: write name=value`,
      );
      continue;
    }
    given.set(word.slice(0, eq), word.slice(eq + 1));
  }
  problems.push(...undeclaredProblems([...given.keys()], declared, where));
  if (problems.length > 0) throw argumentsError(problems, where);
  // fromEntries defines own properties, so a name like `__proto__` stays an ordinary key.
  return Object.fromEntries(given);
}

/**
 * What is wrong with the names given against the names `declared`: unknown ones (with a
 * suggestion) and missing required ones. With `declared` undefined (none listed) nothing is.
 */
export function undeclaredProblems(
  given: readonly string[],
  declared: readonly PromptArgument[] | undefined,
  where: PromptWhere | TemplateWhere,
): string[] {
  if (declared === undefined) return [];
  const problems: string[] = [];
  const names = declared.map((a) => a.name);
  for (const name of given) {
    if (!names.includes(name)) {
      const list =
        names.length === 0
          ? ` (this ${'template' in where ? 'template has no variables' : 'prompt takes no arguments'})`
          : didYouMean(name, names);
      problems.push(`unknown argument "${name}"${list}`);
    }
  }
  for (const arg of declared) {
    if (arg.required === true && !given.includes(arg.name))
      problems.push(`missing required ${'template' in where ? 'variable' : 'argument'} "${arg.name}"`);
  }
  return problems;
}
