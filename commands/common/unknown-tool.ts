// The error for a tool a server does not list, with the nearest names it does (`tools SERVER
// TOOL` and `call` both refuse a name this way). Its own small module: `call` would otherwise load
// the whole `tools` command for one function.

import type { Tool } from '@modelcontextprotocol/client';
import { type McpctlError, usageError } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import { counted } from '../../src/output/plural.js';
import { didYouMean } from '../../src/suggest.js';

export function unknownTool(spec: ServerSpec, name: string, tools: Tool[]): McpctlError {
  const names = tools.map((t) => t.name);
  return usageError(`server "${spec.name}" has no tool "${name}"${didYouMean(name, names)}`, {
    server: spec.name,
    hint: `mcpctl tools ${spec.name} lists its ${counted(names.length, 'tool')}`,
  });
}
