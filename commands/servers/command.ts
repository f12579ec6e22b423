// `mcpctl servers [NAME]`, `servers add`, `servers remove`, `servers trust`, `servers untrust`:
// the definitions. The work is in run.ts, loaded only when one of them runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, hidden, list, oneOf, type OptionsOf } from '../common/flags.js';
import { examples, parseSeconds } from '../common/options.js';

const servers = declare({
  args: { name: arg('[name]', 'show one server in full') },
  flags: {
    names: hidden(
      flag(
        '--names',
        'print the names completion offers, one per line: enabled servers, none with a control character',
      ),
    ),
  },
});

const add = declare({
  args: {
    name: arg('<name>', 'the new server name'),
    /** The arguments of --command, after `--`. */
    args: arg('[args...]', 'arguments of the command (put them after --)'),
  },
  flags: {
    command: flag('--command <program>', 'stdio: the program to start'),
    url: flag('--url <url>', 'http/sse: the endpoint'),
    type: oneOf('--type <type>', 'transport', ['stdio', 'http', 'sse']),
    cwd: flag('--cwd <dir>', 'stdio: the directory to start it in (relative to the config file)'),
    env: list(
      '--env <KEY=VALUE>',
      'stdio: an environment variable (repeatable; use ${VAR} to keep secrets out of the file)',
    ),
    header: list(
      '--header <Name:Value>',
      'http/sse: a header (repeatable; use ${VAR} to keep secrets out of the file)',
    ),
    serverTimeout: flag('--server-timeout <seconds>', "the server's timeout in seconds", parseSeconds),
    force: flag('--force', 'replace a server of the same name'),
  },
});

const remove = declare({ args: { name: arg('<name>', 'the server to remove') }, flags: {} });
const trust = declare({ args: { files: arg('[files...]', 'project config files, or folders') }, flags: {} });
const untrust = declare({ args: { files: arg('<files...>', 'project config files, or folders') }, flags: {} });

export type ServersOptions = OptionsOf<typeof servers>;
export type ServersAddOptions = OptionsOf<typeof add>;
export type ServersRemoveOptions = OptionsOf<typeof remove>;
export type ServersTrustOptions = OptionsOf<typeof trust>;

export function serversCommand(choice: Choice): Command {
  const command = servers
    .command('servers')
    .description('list the configured servers and the file each came from (never connects)')
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
    .action(choice.action(servers, async (deps, options) => (await import('./run.js')).runServers(deps, options)));
  for (const sub of [addCommand(choice), removeCommand(choice), trustCommand(choice), untrustCommand(choice)]) {
    command.addCommand(sub);
  }
  return command;
}

function addCommand(choice: Choice): Command {
  return add
    .command('add')
    .description('add a server to a config file (default: .mcp.json in the working directory)')
    .addHelpText(
      'after',
      examples(
        'mcpctl servers add fs --command npx -- -y @modelcontextprotocol/server-filesystem .',
        "mcpctl servers add api --url https://example.com/mcp --header 'Authorization:Bearer ${API_TOKEN}'",
        'mcpctl servers add mem --command node --config ~/.config/mcpctl/config.json -- ./memory.js',
      ),
    )
    .action(choice.action(add, async (deps, options) => (await import('./edit.js')).runServersAdd(deps, options)));
}

function removeCommand(choice: Choice): Command {
  return remove
    .command('remove')
    .description('remove a server from a config file (default: the file it comes from)')
    .addHelpText('after', examples('mcpctl servers remove fs', 'mcpctl servers remove fs --config .cursor/mcp.json'))
    .action(
      choice.action(remove, async (deps, options) => (await import('./edit.js')).runServersRemove(deps, options)),
    );
}

function trustCommand(choice: Choice): Command {
  return trust
    .command('trust')
    .description(
      'let mcpctl start the servers of a project config, as it is now (default: the project configs found from here); a folder: let your own servers run in it',
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl servers trust',
        'mcpctl servers trust .mcp.json',
        'mcpctl servers trust ~/src/myrepo',
        'mcpctl servers untrust .mcp.json',
      ),
    )
    .action(choice.action(trust, async (deps, options) => (await import('./trust.js')).runServersTrust(deps, options)));
}

function untrustCommand(choice: Choice): Command {
  return untrust
    .command('untrust')
    .description('take back the trust given to a project config or a folder')
    .addHelpText('after', examples('mcpctl servers untrust .mcp.json', 'mcpctl servers untrust ~/src/myrepo'))
    .action(
      choice.action(untrust, async (deps, options) => (await import('./trust.js')).runServersUntrust(deps, options)),
    );
}
