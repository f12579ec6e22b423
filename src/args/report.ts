// Builds the usage errors of this module: every problem listed at once, the tool or prompt named,
// and a hint pointing at the command that shows the declared arguments.

import { McpctlError } from '../errors.js';

/** Which tool a call's arguments are for; used only in messages. */
export interface ToolWhere {
  server: string;
  tool: string;
}

/** Which prompt a get's arguments are for; used only in messages. */
export interface PromptWhere {
  server: string;
  prompt: string;
}

/** Which resource template a read's variables are for; used only in messages. */
export interface TemplateWhere {
  server: string;
  template: string;
}

export type ArgumentsWhere = ToolWhere | PromptWhere | TemplateWhere;

/** Quotes a word for a shell only when it needs it, so hints can be pasted back. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function subject(where: ArgumentsWhere): string {
  if ('tool' in where) return `tool "${where.tool}" of server "${where.server}"`;
  if ('template' in where) return `resource template ${where.template} of server "${where.server}"`;
  return `prompt "${where.prompt}" of server "${where.server}"`;
}

function hint(where: ArgumentsWhere): string {
  if ('tool' in where) return `mcpctl tools ${shellWord(where.server)} ${shellWord(where.tool)} shows its arguments`;
  if ('template' in where) {
    return `fill each variable as NAME=VALUE; mcpctl resources ${shellWord(where.server)} ${shellWord(where.template)} --complete NAME= suggests values`;
  }
  return `mcpctl prompts ${shellWord(where.server)} lists its prompts and their arguments`;
}

/** One usage error (exit 2) carrying all `problems`; `where` names the tool or prompt when known. */
export function argumentsError(problems: readonly string[], where?: ArgumentsWhere): McpctlError {
  const list = problems.length === 1 ? problems[0] : `${problems.length} problems:\n  ${problems.join('\n  ')}`;
  const message = where === undefined ? `bad arguments: ${list}` : `bad arguments for ${subject(where)}: ${list}`;
  return new McpctlError('usage', message, where === undefined ? {} : { server: where.server, hint: hint(where) });
}
