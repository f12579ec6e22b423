// A GetPromptResult for people and pipes: the description, then each message under its role,
// text as itself and other content summarised (embedded text resources shown with their text).

import type { ChalkInstance } from 'chalk';
import { renderBlock, withNewline, type ContentLike } from './content.js';

export interface PromptResultLike {
  description?: string;
  messages?: readonly { role: string; content: ContentLike }[];
}

export function renderPromptResult(result: PromptResultLike, style: { tty: boolean; chalk: ChalkInstance }): string {
  const { chalk } = style;
  const parts: string[] = [];
  if (result.description && style.tty) parts.push(chalk.dim(result.description));
  for (const message of result.messages ?? []) {
    const role = `${message.role}:`;
    parts.push(`${style.tty ? chalk.bold(role) : role}\n${withNewline(renderBlock(message.content, chalk))}`);
  }
  return parts.map(withNewline).join(style.tty ? '\n' : '');
}
