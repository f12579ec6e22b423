// One tool in full for people: description, its MCP App UI and task support, every argument
// (nested fields, array items, types, enums, defaults, constraints), a call to paste, the
// output schema and annotations.

import type { ChalkInstance } from 'chalk';
import type { Tool } from '@modelcontextprotocol/client';
import { schemaFields } from '../args/fields.js';
import { exampleArguments } from '../args/example.js';
import { shellWord } from './shell-word.js';
import { firstLine } from './first-line.js';

export function toolRequiredArgs(tool: Tool): string[] {
  const required = (tool.inputSchema as { required?: unknown }).required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

export interface ToolDetailStyle {
  chalk: ChalkInstance;
  tty: boolean;
  /** The words before the tool's name in a call: `mcpctl -c servers.json call everything`. */
  callPrefix: string[];
}

export function renderToolDetail(tool: Tool, style: ToolDetailStyle): string {
  const { chalk, tty } = style;
  const head = (text: string) => (tty ? chalk.bold(text) : text);
  const lines: string[] = [head(tool.title ? `${tool.name} — ${tool.title}` : tool.name)];
  if (tool.description) lines.push('', tool.description.trim());

  const facts = [...appFacts(tool), ...taskFacts(tool)];
  if (facts.length) {
    const width = Math.max(...facts.map(([k]) => k.length)) + 2;
    lines.push('', ...facts.map(([k, v]) => `${head(`${k}:`.padEnd(width))}${v}`));
  }

  const fields = schemaFields(tool.inputSchema);
  lines.push('', head('Arguments:'));
  if (fields.length === 0) lines.push('  (none)');
  const label = (f: (typeof fields)[number]) => `${'  '.repeat(f.depth)}${f.name}`;
  const width = Math.max(0, ...fields.map((f) => label(f).length));
  for (const f of fields) {
    const flags = [
      f.type,
      f.required === undefined ? 'each item' : f.required ? 'required' : 'optional',
      f.default !== undefined ? `default ${JSON.stringify(f.default)}` : undefined,
      ...f.constraints,
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `  ${label(f).padEnd(width)}  ${tty ? chalk.cyan(flags) : flags}${f.description ? `  ${firstLine(f.description)}` : ''}`,
    );
  }

  const call = [...style.callPrefix, tool.name, ...exampleArguments(tool.inputSchema)].map(shellWord).join(' ');
  lines.push('', head('Example:'), `  ${call}`);

  if (tool.outputSchema) lines.push('', head('Output schema:'), indent(JSON.stringify(tool.outputSchema, null, 2)));
  const annotations = Object.entries(tool.annotations ?? {}).filter(([, v]) => v !== undefined);
  if (annotations.length) {
    lines.push('', head('Annotations:'));
    for (const [k, v] of annotations) lines.push(`  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return lines.join('\n') + '\n';
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
