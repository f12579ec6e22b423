// `mcpctl resources SERVER [URI [NAME=VALUE...]]`: the definition (arguments, flags, help). The
// work is in run.ts, loaded only when this command runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, type OptionsOf } from '../common/flags.js';
import { examples, parsePositiveInt } from '../common/options.js';

const resources = declare({
  args: {
    server: arg('[server]', 'a configured server name, or an http(s):// URL'),
    uri: arg('[uri]', 'a resource URI to read, or a URI template to fill'),
    /** NAME=VALUE words filling the variables of a URI template. */
    words: arg('[vars...]', 'NAME=VALUE for each variable of a URI template'),
  },
  flags: {
    templates: flag('--templates', 'list resource templates instead of resources'),
    /** `NAME=prefix`. */
    complete: flag(
      '--complete <name=prefix>',
      'suggest values for one variable of a URI template (completion/complete)',
    ),
    output: flag(
      '-o, --output <file>',
      'write the (binary) contents to this file (an existing one is kept: the next free name is used)',
    ),
    /** -o may replace an existing file. */
    force: flag('--force', 'with -o: replace the file if it exists'),
    limit: flag('--limit <n>', 'stop after this many entries', parsePositiveInt),
    /** Print the resource again on each update. */
    watch: flag('--watch', 'subscribe to the resource and print it again on each update, until Ctrl-C or --timeout'),
  },
});

export type ResourcesOptions = OptionsOf<typeof resources>;

export function resourcesCommand(choice: Choice): Command {
  return resources
    .command('resources')
    .description('list the resources of a server, or read one')
    .addHelpText(
      'after',
      examples(
        'mcpctl resources everything',
        'mcpctl resources everything --templates',
        'mcpctl resources everything demo://resource/static/document/architecture.md',
        'mcpctl resources everything demo://resource/dynamic/blob/1 -o out.bin',
        "mcpctl resources everything 'demo://resource/dynamic/text/{resourceId}' resourceId=1",
        "mcpctl resources everything 'demo://resource/dynamic/text/{resourceId}' --complete resourceId=",
        'mcpctl resources everything demo://resource/static/document/architecture.md --watch --json',
      ),
    )
    .action(choice.action(resources, async (deps, options) => (await import('./run.js')).runResources(deps, options)));
}
