// One tool in full for people: description, its MCP App UI and task support, every argument
// (nested fields, array items, types, enums, defaults, constraints), a call to paste, the
// output schema and annotations.

import type { ChalkInstance } from 'chalk';
import type { Tool } from '@modelcontextprotocol/client';
import { schemaFields } from '../args/fields.js';
import { exampleArguments } from '../args/example.js';
import { shellWord } from './shell-word.js';
import { firstLine } from './first-line.js';
import { escapeControls } from './escape.js';

export function toolRequiredArgs(tool: Tool): string[] {
  const required = (tool.inputSchema as { required?: unknown }).required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

export interface ToolDetailStyle {
  chalk: ChalkInstance;
  tty: boolean;
  /** The terminal's width: long text wraps to it. None in a pipe, where nothing wraps. */
  columns?: number;
  /** The words before the tool's name in a call: `mcpctl -c servers.json call everything`. */
  callPrefix: string[];
}

type Fit = typeof import('./wrap.js');

/** The one-tool view. Async only to load the width measurement when there is a terminal to fit. */
export async function renderToolDetail(tool: Tool, style: ToolDetailStyle): Promise<string> {
  const fit = style.tty && style.columns !== undefined ? await import('./wrap.js') : undefined;
  const width = style.columns ?? 0;
  const { chalk, tty } = style;
  const head = (text: string) => (tty ? chalk.bold(text) : text);
  const lines: string[] = [head(tool.title ? `${tool.name} — ${tool.title}` : tool.name)];
  const description = tool.description?.trim();
  if (description) lines.push('', ...(fit ? fit.wrapBlock(escapeControls(description), width) : [description]));

  const facts = [...appFacts(tool), ...taskFacts(tool)];
  if (facts.length) {
    const pad = Math.max(...facts.map(([k]) => k.length)) + 2;
    lines.push('', ...facts.map(([k, v]) => `${head(`${k}:`.padEnd(pad))}${v}`));
  }

  lines.push('', head('Arguments:'), ...argumentLines(tool, style, fit));

  const words = [...style.callPrefix, tool.name, ...exampleArguments(tool.inputSchema)].map(shellWord);
  lines.push('', head('Example:'), ...(fit ? commandLines(words, width, fit) : [`  ${words.join(' ')}`]));

  if (tool.outputSchema) lines.push('', head('Output schema:'), indent(JSON.stringify(tool.outputSchema, null, 2)));
  const annotations = Object.entries(tool.annotations ?? {}).filter(([, v]) => v !== undefined);
  if (annotations.length) {
    lines.push('', head('Annotations:'));
    for (const [k, v] of annotations) lines.push(`  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * One line per argument: its name indented by depth, its type and flags, its description. On a
 * terminal a line that would be too wide puts the description, in full and wrapped, under it.
 */
function argumentLines(tool: Tool, style: ToolDetailStyle, fit: Fit | undefined): string[] {
  const fields = schemaFields(tool.inputSchema);
  if (fields.length === 0) return ['  (none)'];
  const { chalk, tty } = style;
  const width = style.columns ?? 0;
  const label = (f: (typeof fields)[number]) => `${'  '.repeat(f.depth)}${f.name}`;
  const longest = Math.max(0, ...fields.map((f) => label(f).length));
  // One very long name does not push every other argument's type off to the right.
  const pad = fit ? Math.min(longest, Math.floor(width / 3)) : longest;
  return fields.flatMap((f) => {
    const flags = [
      f.type,
      f.required === undefined ? 'each item' : f.required ? 'required' : 'optional',
      f.default !== undefined ? `default ${JSON.stringify(f.default)}` : undefined,
      ...f.constraints,
    ]
      .filter(Boolean)
      .join(', ');
    const shownFlags = tty ? chalk.cyan(flags) : flags;
    const start = `  ${label(f).padEnd(pad)}  `;
    if (!fit) return [`${start}${shownFlags}${f.description ? `  ${firstLine(f.description)}` : ''}`];
    const about = escapeControls(f.description?.trim() ?? '');
    const one = `${start}${flags}${about ? `  ${about}` : ''}`;
    if (!about.includes('\n') && fit.displayWidth(one) <= width)
      return [`${start}${shownFlags}${about ? `  ${about}` : ''}`];
    const under = ' '.repeat(4 + 2 * f.depth);
    const top =
      fit.displayWidth(`${start}${flags}`) <= width
        ? [`${start}${shownFlags}`]
        : [`  ${label(f)}`, ...fit.wrapBlock(flags, width, under).map((l) => (tty ? chalk.cyan(l) : l))];
    return [...top, ...(about ? fit.wrapBlock(about, width, under) : [])];
  });
}

/**
 * A command line wrapped between its words, each line but the last ending with ` \\` so that
 * it still pastes as one command.
 */
function commandLines(words: string[], width: number, fit: Fit): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : `  ${word}`;
    if (current && fit.displayWidth(`${next} \\`) > width) {
      lines.push(`${current} \\`);
      current = `    ${word}`;
    } else current = next;
  }
  lines.push(current);
  return lines;
}

/**
 * The MCP App UI a tool renders in (`_meta.ui.resourceUri`; early drafts: `_meta["ui/resourceUri"]`)
 * and who may call it: `visibility` lists `model` and/or `app`, both when absent.
 */
function appFacts(tool: Tool): [string, string][] {
  const meta = (tool._meta ?? {}) as Record<string, unknown>;
  const ui = (typeof meta.ui === 'object' && meta.ui !== null ? meta.ui : {}) as {
    resourceUri?: unknown;
    visibility?: unknown;
  };
  const uri =
    typeof ui.resourceUri === 'string'
      ? ui.resourceUri
      : typeof meta['ui/resourceUri'] === 'string'
        ? (meta['ui/resourceUri'] as string)
        : undefined;
  const facts: [string, string][] = [];
  if (uri !== undefined) facts.push(['App UI', uri]);
  if (Array.isArray(ui.visibility)) {
    const who = ui.visibility.filter((v): v is string => typeof v === 'string');
    const appOnly = who.length > 0 && !who.includes('model');
    facts.push([
      'Visibility',
      appOnly ? `${who.join(', ')} only: the app calls it, the model does not see it` : who.join(', '),
    ]);
  }
  return facts;
}

function taskFacts(tool: Tool): [string, string][] {
  const support = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
  if (typeof support !== 'string') return [];
  const meaning: Record<string, string> = {
    required: 'required (call it with --task)',
    optional: 'optional (--task runs it as a task)',
    forbidden: 'forbidden (never a task)',
  };
  return [['Task support', meaning[support] ?? support]];
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => '  ' + l)
    .join('\n');
}
