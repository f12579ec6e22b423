// The global flags, declared once: they work before or after any command. program.ts adds them
// to the command tree; every run gets their values as `GlobalOptions`.

import { flag, list, type Values } from './flags.js';
import { parsePositiveInt, parsePositiveNumber, parseProtocol, parseSeconds } from './options.js';

export const globalFlags = {
  config: flag('-c, --config <file>', 'read servers from this config file only'),
  json: flag('--json', 'print one JSON document on stdout (errors as one JSON line on stderr)'),
  timeout: flag('--timeout <seconds>', 'wall-clock limit of the whole command', parseSeconds),
  connectTimeout: flag('--connect-timeout <seconds>', 'limit for connect + handshake + discovery', parseSeconds),
  protocol: flag('--protocol <revision>', 'auto, legacy, or a revision to pin (e.g. 2025-06-18)', parseProtocol),
  stdio: flag('--stdio <command line>', 'use an ad-hoc stdio server started by this command line'),
  /** Directories offered as roots (replacing a server's `roots` key). */
  root: list(
    '--root <dir>',
    "offer this directory to the server as a root (repeatable; replaces the server's roots key; default: no roots)",
  ),
  /** Megabytes. */
  maxSize: flag(
    '--max-size <megabytes>',
    'largest message accepted from a server, after decompression (default 64)',
    parsePositiveNumber,
  ),
  /** Servers worked on at once by a command over several. */
  concurrency: flag(
    '--concurrency <n>',
    'how many servers a command over several works on at once (default 8)',
    parsePositiveInt,
  ),
  /** Write the JSON-RPC exchange of this run to this file. */
  record: flag('--record <file>', "write this command's JSON-RPC exchange with each server to FILE (secrets masked)"),
  /** Answer from this recording, with no server. */
  replay: flag('--replay <file>', 'run the command against a recording made with --record: no server is started'),
  trustProject: flag(
    '--trust-project',
    'trust the project configs found, for this run only (also MCPCTL_TRUST_PROJECT=1)',
  ),
  verbose: flag('-v, --verbose', 'show server stderr and diagnostics'),
  quiet: flag('-q, --quiet', 'print nothing but data and errors'),
  color: flag('--no-color', 'never colour output (NO_COLOR and FORCE_COLOR are honoured too)'),
};

/** Every key may be left out: a run made by hand (a test's `Sessions`) names only what it sets. */
export type GlobalOptions = Partial<Values<typeof globalFlags>>;
