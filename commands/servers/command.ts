// `mcpctl servers [NAME]`, `servers add`, `servers remove`, `servers trust`, `servers untrust`:
// the definitions. The work is in run.ts, loaded only when one of them runs.

import { Command, Option } from 'commander';
import type { Choice } from '../common/choice.js';
import { collect, examples, parseSeconds } from '../common/options.js';

export interface ServersOptions {
  name?: string;
  names?: boolean;
}

export interface ServersAddOptions {
  name: string;
  /** The arguments of --command, after `--`. */
  args: string[];
  cwd?: string;
  command?: string;
  url?: string;
  type?: 'stdio' | 'http' | 'sse';
  env?: string[];
  header?: string[];
  serverTimeout?: number;
  force?: boolean;
}

export interface ServersRemoveOptions {
  name: string;
}

export interface ServersTrustOptions {
  files: string[];
}

export function serversCommand(choice: Choice): Command {
  const servers = new Command('servers')
    .description('list the configured servers and the file each came from (never connects)')
    .argument('[name]', 'show one server in full')
    .addOption(
      new Option(
        '--names',
        'print the names completion offers, one per line: enabled servers, none with a control character',
      ).hideHelp(),
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl servers',
        'mcpctl servers everything',
        'mcpctl servers --json',
        'mcpctl servers add fs --command npx -- -y @modelcontextprotocol/server-filesystem .',
        'mcpctl servers remove fs',
        'mcpctl servers trust',
      ),
    )
    .action((name: string | undefined, flags: { names?: boolean }, cmd: Command) =>
      choice.set(cmd, async (deps) => (await import('./run.js')).runServers(deps, { name, names: flags.names })),
    );
  servers.addCommand(
    new Command('add')
      .description('add a server to a config file (default: .mcp.json in the working directory)')
      .argument('<name>', 'the new server name')
      .argument('[args...]', 'arguments of the command (put them after --)')
      .option('--command <program>', 'stdio: the program to start')
      .option('--url <url>', 'http/sse: the endpoint')
      .addOption(new Option('--type <type>', 'transport').choices(['stdio', 'http', 'sse']))
      .option('--cwd <dir>', 'stdio: the directory to start it in (relative to the config file)')
      .option(
        '--env <KEY=VALUE>',
        'stdio: an environment variable (repeatable; use ${VAR} to keep secrets out of the file)',
        collect,
      )
      .option(
        '--header <Name:Value>',
        'http/sse: a header (repeatable; use ${VAR} to keep secrets out of the file)',
        collect,
      )
      .addOption(new Option('--server-timeout <seconds>', "the server's timeout in seconds").argParser(parseSeconds))
      .option('--force', 'replace a server of the same name')
      .addHelpText(
        'after',
        examples(
          'mcpctl servers add fs --command npx -- -y @modelcontextprotocol/server-filesystem .',
          "mcpctl servers add api --url https://example.com/mcp --header 'Authorization:Bearer ${API_TOKEN}'",
          'mcpctl servers add mem --command node --config ~/.config/mcpctl/config.json -- ./memory.js',
        ),
      )
      .action((name: string, args: string[], flags: Omit<ServersAddOptions, 'name' | 'args'>, cmd: Command) =>
        choice.set(cmd, async (deps) => (await import('./edit.js')).runServersAdd(deps, { ...flags, name, args })),
      ),
  );
  servers.addCommand(
    new Command('remove')
      .description('remove a server from a config file (default: the file it comes from)')
      .argument('<name>', 'the server to remove')
      .addHelpText('after', examples('mcpctl servers remove fs', 'mcpctl servers remove fs --config .cursor/mcp.json'))
      .action((name: string, _flags: unknown, cmd: Command) =>
        choice.set(cmd, async (deps) => (await import('./edit.js')).runServersRemove(deps, { name })),
      ),
  );
  servers.addCommand(
    new Command('trust')
      .description(
        'let mcpctl start the servers of a project config, as it is now (default: the project configs found from here); a folder: let your own servers run in it',
      )
      .argument('[files...]', 'project config files, or folders')
      .addHelpText(
        'after',
        examples(
          'mcpctl servers trust',
          'mcpctl servers trust .mcp.json',
          'mcpctl servers trust ~/src/myrepo',
          'mcpctl servers untrust .mcp.json',
        ),
      )
      .action((files: string[], _flags: unknown, cmd: Command) =>
        choice.set(cmd, async (deps) => (await import('./trust.js')).runServersTrust(deps, { files })),
      ),
  );
  servers.addCommand(
    new Command('untrust')
      .description('take back the trust given to a project config or a folder')
      .argument('<files...>', 'project config files, or folders')
      .addHelpText('after', examples('mcpctl servers untrust .mcp.json', 'mcpctl servers untrust ~/src/myrepo'))
      .action((files: string[], _flags: unknown, cmd: Command) =>
        choice.set(cmd, async (deps) => (await import('./trust.js')).runServersUntrust(deps, { files })),
      ),
  );
  return servers;
}
