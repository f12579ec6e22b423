// `mcpctl tools [SERVER [TOOL]]`: the definition (arguments, flags, help). The work is in run.ts,
// loaded only when this command runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples, parsePositiveInt } from '../common/options.js';

export interface ToolsOptions {
  server?: string;
  tool?: string;
  limit?: number;
  /** --watch: print the list again on each list_changed. */
  watch?: boolean;
}

export function toolsCommand(choice: Choice): Command {
  return new Command('tools')
    .description('list the tools of a server (or of every configured server), or show one tool in full')
    .argument('[server]', 'a configured server name, or an http(s):// URL')
    .argument('[tool]', 'a tool name: show its description, arguments, output schema and annotations')
    .option('--limit <n>', 'stop after this many tools (per server)', parsePositiveInt)
    .option('--watch', 'print the list again each time the server says it changed, until Ctrl-C or --timeout')
    .addHelpText(
      'after',
      examples(
        'mcpctl tools',
        'mcpctl tools everything',
        'mcpctl tools everything echo',
        'mcpctl tools https://example.com/mcp --json',
        'mcpctl --stdio "npx -y @modelcontextprotocol/server-memory" tools',
        'mcpctl tools everything --watch --json',
      ),
    )
    .action(
      (
        server: string | undefined,
        tool: string | undefined,
        flags: { limit?: number; watch?: boolean },
        cmd: Command,
      ) =>
        choice.set(cmd, async (deps) =>
          (await import('./run.js')).runTools(deps, { server, tool, limit: flags.limit, watch: flags.watch === true }),
        ),
    );
}
