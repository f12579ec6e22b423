// Runs the lint rules over a server's tools: findings with the rule, its severity and the JSON
// path at fault (`tools.echo.inputSchema.properties.x`: tools by name), in tool order then rule order.

import type { Tool } from '@modelcontextprotocol/client';
import { formatJsonPath } from '../config/jsonc.js';
import { RULES, type Severity } from './rules.js';

export interface Finding {
  rule: string;
  severity: Severity;
  tool: string;
  path: string;
  message: string;
}

export interface LintSelection {
  /** Only these rules (all when empty). */
  only: readonly string[];
  ignore: readonly string[];
}

/** Entries of tools/list that break the MCP Tool shape: clients leave them out. */
export const SHAPE_RULE = {
  id: 'tool-shape',
  severity: 'error' as const,
  description: 'Every entry of tools/list has the shape of an MCP Tool (clients drop those that do not).',
};

export function selected(selection: LintSelection, id: string): boolean {
  return (selection.only.length === 0 || selection.only.includes(id)) && !selection.ignore.includes(id);
}

/** `malformed`: entries of the list that are no Tool, by their position in it. */
export function lintTools(
  tools: readonly Tool[],
  selection: LintSelection,
  malformed: readonly { index: number; name?: string }[] = [],
): Finding[] {
  const rules = RULES.filter((r) => selected(selection, r.id));
  const shape: Finding[] = selected(selection, SHAPE_RULE.id)
    ? malformed.map((m) => ({
        rule: SHAPE_RULE.id,
        severity: SHAPE_RULE.severity,
        tool: m.name ?? '',
        path: formatJsonPath(['tools', m.index]),
        message: `entry ${m.index + 1}${m.name ? ` (${JSON.stringify(m.name)})` : ''} is not a valid MCP Tool (its inputSchema or outputSchema is not an object schema, or a field has the wrong type)`,
      }))
    : [];
  return [
    ...shape,
    ...tools.flatMap((tool) =>
      rules.flatMap((rule) =>
        rule.check(tool, tools).map((f) => ({
          rule: rule.id,
          severity: rule.severity,
          tool: tool.name,
          path: formatJsonPath(['tools', tool.name, ...f.at]),
          message: f.message,
        })),
      ),
    ),
  ];
}
