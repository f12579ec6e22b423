// `mcpctl call SERVER TOOL [ARG...]`: the definition (arguments, flags, help). The work is in
// run.ts, loaded only when this command runs.

import { Command, Option } from 'commander';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { Choice } from '../common/choice.js';
import { examples, parseLogLevel } from '../common/options.js';

export interface CallOptions {
  server?: string;
  tool?: string;
  /** key=value, key:=json, key=@file, `-`. */
  words: string[];
  argsJson?: string;
  argsFile?: string;
  /** false with --no-validate. */
  validate: boolean;
  structured: boolean;
  saveDir?: string;
  /** --save-dir may replace existing files. */
  force: boolean;
  logLevel?: LoggingLevel;
  /** false with --no-input. */
  input: boolean;
  /** --task: run a tool whose taskSupport is optional as a task. */
  task?: boolean;
  /** --detach: start the task, print its handle, leave. */
  detach?: boolean;
  /** --keep: Ctrl-C leaves the task running instead of cancelling it. */
  keep?: boolean;
}

interface CallFlags {
  args?: string;
  argsFile?: string;
  validate: boolean;
  structured?: boolean;
  saveDir?: string;
  force?: boolean;
  logLevel?: LoggingLevel;
  input: boolean;
  task?: boolean;
  detach?: boolean;
  keep?: boolean;
}

export function callCommand(choice: Choice): Command {
  return new Command('call')
    .description("call a tool; arguments are typed by the tool's inputSchema and validated before sending")
    .argument('<server>', 'a configured server name, or an http(s):// URL (SERVER__TOOL as one word works too)')
    .argument('[tool]', 'the tool to call')
    .argument(
      '[args...]',
      'key=value (a.b=value, a[0].b=value, a[].b=value for nested fields), key:=<json>, key=@file, or - for a JSON object on stdin',
    )
    .option('--args <json>', 'arguments as one JSON object')
    .option('--args-file <file>', 'arguments from a JSON file')
    .option('--no-validate', 'send the arguments without checking them against the inputSchema')
    .option('--structured', 'print structuredContent only, as JSON')
    .option(
      '--save-dir <dir>',
      'write images, audio and blobs from the result into this directory (existing files are kept: free names are used)',
    )
    .option('--force', 'with --save-dir: replace existing files of the same name')
    .addOption(
      new Option(
        '--log-level <level>',
        'ask the server for log messages at this level and show them on stderr',
      ).argParser(parseLogLevel),
    )
    .option('--no-input', 'never ask questions (elicitation requests are declined)')
    .option('--task', 'run the tool as a task (tools whose taskSupport is required always are)')
    .option(
      '--detach',
      'start the task, print its handle and leave it running (mcpctl tasks SERVER TASK --wait comes back for it)',
    )
    .option('--keep', 'on Ctrl-C leave the task running instead of cancelling it')
    .addHelpText(
      'after',
      examples(
        'mcpctl call everything echo message=hello',
        'mcpctl call everything get-sum a:=1 b:=2',
        'mcpctl call api create_user user.name=Ada user.address.city=Paris',
        "mcpctl call memory create_entities 'entities[].name=Bob' 'entities[].entityType=person'",
        "mcpctl call memory add_observations 'observations[0].entityName=Bob' 'observations[0].contents=likes tea'",
        "mcpctl call api tag 'ids[]=1' 'ids[]=2'",
        'mcpctl call filesystem read_text_file path=@paths.txt',
        'echo \'{"message":"hi"}\' | mcpctl call everything echo -',
        'mcpctl call everything echo --args \'{"message":"hi"}\' --json',
        'mcpctl call everything get-tiny-image --save-dir out',
        'mcpctl call everything simulate-research-query topic=tides',
        'mcpctl call api report --detach --json',
      ),
    )
    .action((server: string, tool: string | undefined, args: string[], flags: CallFlags, cmd: Command) =>
      choice.set(cmd, async (deps) =>
        (await import('./run.js')).runCall(deps, {
          server,
          tool,
          words: args,
          argsJson: flags.args,
          argsFile: flags.argsFile,
          validate: flags.validate,
          structured: flags.structured === true,
          saveDir: flags.saveDir,
          force: flags.force === true,
          logLevel: flags.logLevel,
          input: flags.input,
          task: flags.task === true,
          detach: flags.detach === true,
          keep: flags.keep === true,
        }),
      ),
    );
}
