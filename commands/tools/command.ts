// `mcpctl tools [SERVER [TOOL]]`: the definition (arguments, flags, help). The work is in run.ts,
// loaded only when this command runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, type OptionsOf } from '../common/flags.js';
import { examples, parsePositiveInt } from '../common/options.js';

const tools = declare({
  args: {
    server: arg('[server]', 'a configured server name, or an http(s):// URL'),
    tool: arg('[tool]', 'a tool name: show its description, arguments, output schema and annotations'),
  },
  flags: {
    limit: flag('--limit <n>', 'stop after this many tools (per server)', parsePositiveInt),
    /** Print the list again on each list_changed. */
    watch: flag('--watch', 'print the list again each time the server says it changed, until Ctrl-C or --timeout'),
  },
});

export type ToolsOptions = OptionsOf<typeof tools>;

export function toolsCommand(choice: Choice): Command {
  return tools
    .command('tools')
    .description('list the tools of a server (or of every configured server), or show one tool in full')
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
    .action(choice.action(tools, async (deps, options) => (await import('./run.js')).runTools(deps, options)));
}
