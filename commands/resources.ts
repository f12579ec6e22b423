// `mcpctl resources SERVER [URI]`: list resources or templates, or read one resource.

import { Command } from 'commander';
import type { RunState } from './run-state.js';
import { examples, parsePositiveInt } from './options.js';
import { notImplemented } from './not-implemented.js';

export function resourcesCommand(state: RunState): Command {
  return new Command('resources')
    .description('list the resources of a server, or read one')
    .argument('<server>', 'a configured server name, or an http(s):// URL')
    .argument('[uri]', 'a resource URI to read')
    .option('--templates', 'list resource templates instead of resources')
    .option('-o, --output <file>', 'write the (binary) contents to this file')
    .option('--limit <n>', 'stop after this many entries', parsePositiveInt)
    .addHelpText('after', examples('mcpctl resources everything', 'mcpctl resources everything --templates', 'mcpctl resources everything demo://resource/static/document/architecture.md', 'mcpctl resources everything demo://resource/static/binary/1 -o out.bin'))
    .action(async (_server: string, _uri: string | undefined, _flags: unknown, cmd: Command) => {
      state.begin(cmd);
      notImplemented('resources');
    });
}
