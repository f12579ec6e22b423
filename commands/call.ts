// `mcpctl call SERVER TOOL [ARG...]`: call a tool with arguments typed by its inputSchema.

import { Command } from 'commander';
import type { RunState } from './run-state.js';
import { collect, examples } from './options.js';
import { notImplemented } from './not-implemented.js';

export function callCommand(state: RunState): Command {
  return new Command('call')
    .description('call a tool; arguments are typed by the tool\'s inputSchema and validated before sending')
    .argument('<server>', 'a configured server name, or an http(s):// URL (SERVER__TOOL as one word works too)')
    .argument('[tool]', 'the tool to call')
    .argument('[args...]', 'key=value, key:=<json>, key=@file, or - for a JSON object on stdin')
    .option('--args <json>', 'arguments as one JSON object')
    .option('--args-file <file>', 'arguments from a JSON file')
    .option('--no-validate', 'send the arguments without checking them against the inputSchema')
    .option('--structured', 'print structuredContent only, as JSON')
    .option('--save-dir <dir>', 'write images, audio and blobs from the result into this directory')
    .option('--log-level <level>', 'ask the server for log messages at this level (shown with -v)')
    .option('--no-input', 'never ask questions (elicitation requests are declined)')
    .option('--root <dir>', 'a root to offer the server (repeatable; default: the working directory)', collect)
    .option('--max-size <megabytes>', 'largest message accepted from the server (default 64)')
    .addHelpText(
      'after',
      examples(
        'mcpctl call everything echo message=hello',
        "mcpctl call everything add a:=1 b:=2",
        'mcpctl call fs read_file path=@paths.txt',
        'echo \'{"message":"hi"}\' | mcpctl call everything echo -',
        'mcpctl call everything echo --args \'{"message":"hi"}\' --json',
      ),
    )
    .action(async (_server: string, _tool: string | undefined, _args: string[], _flags: unknown, cmd: Command) => {
      state.begin(cmd);
      notImplemented('call');
    });
}
