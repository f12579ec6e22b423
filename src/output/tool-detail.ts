// One tool in full for people: description, arguments with types/required/defaults, output
// schema and annotations.

import type { ChalkInstance } from 'chalk';
import type { Tool } from '@modelcontextprotocol/client';
import { describeArguments } from '../args/describe.js';

export function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

export function toolRequiredArgs(tool: Tool): string[] {
  const required = (tool.inputSchema as { required?: unknown }).required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

export function renderToolDetail(tool: Tool, chalk: ChalkInstance, tty: boolean): string {
  const head = (text: string) => (tty ? chalk.bold(text) : text);
  const lines: string[] = [head(tool.title ? `${tool.name} — ${tool.title}` : tool.name)];
  if (tool.description) lines.push('', tool.description.trim());
  const args = describeArguments(tool.inputSchema);
  lines.push('', head('Arguments:'));
  if (args.length === 0) lines.push('  (none)');
  const width = Math.max(0, ...args.map((a) => a.name.length));
  for (const a of args) {
    const flags = [a.type, a.required ? 'required' : 'optional', a.default !== undefined ? `default ${JSON.stringify(a.default)}` : undefined].filter(Boolean).join(', ');
    lines.push(`  ${a.name.padEnd(width)}  ${tty ? chalk.cyan(flags) : flags}${a.description ? `  ${a.description}` : ''}`);
  }
  if (tool.outputSchema) lines.push('', head('Output schema:'), indent(JSON.stringify(tool.outputSchema, null, 2)));
  const annotations = Object.entries(tool.annotations ?? {}).filter(([, v]) => v !== undefined);
  if (annotations.length) {
    lines.push('', head('Annotations:'));
    for (const [k, v] of annotations) lines.push(`  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return lines.join('\n') + '\n';
}

function indent(text: string): string {
  return text.split('\n').map((l) => '  ' + l).join('\n');
}
