// `mcpctl resources SERVER [URI [NAME=VALUE...]]`: the definition (arguments, flags, help). The
// work is in run.ts, loaded only when this command runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples, parsePositiveInt } from '../common/options.js';

export interface ResourcesOptions {
  server?: string;
  uri?: string;
  /** NAME=VALUE words filling the variables of a URI template. */
  words: string[];
  /** `NAME=prefix` of --complete. */
  complete?: string;
  templates: boolean;
  output?: string;
  /** -o may replace an existing file. */
  force: boolean;
  limit?: number;
  /** --watch: print the resource again on each update. */
  watch?: boolean;
}

export function resourcesCommand(choice: Choice): Command {
  return new Command('resources')
    .description('list the resources of a server, or read one')
    .argument('[server]', 'a configured server name, or an http(s):// URL')
    .argument('[uri]', 'a resource URI to read, or a URI template to fill')
    .argument('[vars...]', 'NAME=VALUE for each variable of a URI template')
    .option('--templates', 'list resource templates instead of resources')
    .option('--complete <name=prefix>', 'suggest values for one variable of a URI template (completion/complete)')
    .option(
      '-o, --output <file>',
      'write the (binary) contents to this file (an existing one is kept: the next free name is used)',
    )
    .option('--force', 'with -o: replace the file if it exists')
    .option('--limit <n>', 'stop after this many entries', parsePositiveInt)
    .option('--watch', 'subscribe to the resource and print it again on each update, until Ctrl-C or --timeout')
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
    .action(
      (
        server: string | undefined,
        uri: string | undefined,
        vars: string[],
        flags: {
          templates?: boolean;
          output?: string;
          force?: boolean;
          limit?: number;
          complete?: string;
          watch?: boolean;
        },
        cmd: Command,
      ) =>
        choice.set(cmd, async (deps) =>
          (await import('./run.js')).runResources(deps, {
            server,
            uri,
            words: vars,
            complete: flags.complete,
            templates: flags.templates === true,
            output: flags.output,
            force: flags.force === true,
            limit: flags.limit,
            watch: flags.watch === true,
          }),
        ),
    );
}
