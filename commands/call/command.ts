// `mcpctl call SERVER TOOL [ARG...]`: the definition (arguments, flags, help). The work is in
// run.ts, loaded only when this command runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, type OptionsOf } from '../common/flags.js';
import { examples, parseLogLevel } from '../common/options.js';

const call = declare({
  args: {
    server: arg('<server>', 'a configured server name, or an http(s):// URL (SERVER__TOOL as one word works too)'),
    tool: arg('[tool]', 'the tool to call'),
    /** key=value, key:=json, key=@file, `-`. */
    words: arg(
      '[args...]',
      'key=value (a.b=value, a[0].b=value, a[].b=value for nested fields), key:=<json>, key=@file, or - for a JSON object on stdin',
    ),
  },
  flags: {
    argsJson: flag('--args <json>', 'arguments as one JSON object'),
    argsFile: flag('--args-file <file>', 'arguments from a JSON file'),
    /** false with --no-validate. */
    validate: flag('--no-validate', 'send the arguments without checking them against the inputSchema'),
    structured: flag('--structured', 'print structuredContent only, as JSON'),
    saveDir: flag(
      '--save-dir <dir>',
      'write images, audio and blobs from the result into this directory (existing files are kept: free names are used)',
    ),
    /** --save-dir may replace existing files. */
    force: flag('--force', 'with --save-dir: replace existing files of the same name'),
    logLevel: flag(
      '--log-level <level>',
      'ask the server for log messages at this level and show them on stderr',
      parseLogLevel,
    ),
    /** false with --no-input. */
    input: flag('--no-input', 'never ask questions (elicitation requests are declined)'),
    /** Run a tool whose taskSupport is optional as a task. */
    task: flag('--task', 'run the tool as a task (tools whose taskSupport is required always are)'),
    /** Start the task, print its handle, leave. */
    detach: flag(
      '--detach',
      'start the task, print its handle and leave it running (mcpctl tasks SERVER TASK --wait comes back for it)',
    ),
    /** Ctrl-C leaves the task running instead of cancelling it. */
    keep: flag('--keep', 'on Ctrl-C leave the task running instead of cancelling it'),
  },
});

export type CallOptions = OptionsOf<typeof call>;

export function callCommand(choice: Choice): Command {
  return call
    .command('call')
    .description("call a tool; arguments are typed by the tool's inputSchema and validated before sending")
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
    .action(choice.action(call, async (deps, options) => (await import('./run.js')).runCall(deps, options)));
}
