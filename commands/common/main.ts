// The whole program as a function: argv and a context in, an exit code out. bin/ gives it the
// real process; tests give it fake streams and run it in-process.

import { CommanderError } from 'commander';
import type { ConsoleLevel, Context } from '../../src/io.js';
import { McpctlError, TERMINATED_EXIT_CODE, terminatedBy, toMcpctlError, usageError } from '../../src/errors.js';
import { isBrokenPipe, Output } from '../../src/output/output.js';
import { guardTerminal } from '../../src/output/terminal.js';
import { Secrets } from '../../src/redact.js';
import { Choice } from './choice.js';
import { buildProgram, configureProgram } from './program.js';
import { createDeps, type Deps } from './deps.js';
import { exitCodeOf, SUCCESS, type Outcome } from './outcome.js';

/** Commander outcomes that are not failures. */
const COMMANDER_SUCCESS = new Set([
  'commander.helpDisplayed',
  'commander.version',
  'commander.help',
  'commander.executeSubCommandAsync',
]);

export async function main(argv: string[], given: Context): Promise<number> {
  const secrets = given.secrets ?? new Secrets();
  const ctx: Context = { ...given, secrets, io: guardTerminal(given.io, secrets) };
  const choice = new Choice();
  const program = buildProgram(choice);
  configureProgram(program, {
    writeOut: (s) => ctx.io.stdout.write(s),
    writeErr: (s) => ctx.io.stderr.write(s),
    outputError: () => {},
    getOutHelpWidth: () => ctx.io.columns ?? 80,
    getErrHelpWidth: () => ctx.io.columns ?? 80,
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  });

  let exitCode = 0;
  let deps: Deps | undefined;
  // What a dependency writes to the console is text from a server as often as not (an OAuth
  // error_description): it goes through the guarded stderr as ours does, and -q silences it.
  const restoreConsole = ctx.routeConsole?.((level, text) => consoleLine(ctx, deps?.out, level, text));
  try {
    await program.parseAsync(argv, { from: 'user' });
    let outcome: Outcome = SUCCESS;
    if (choice.made) {
      deps = createDeps(ctx, choice.made.global);
      await deps.out.fitStderrToTerminal();
      await deps.recordReplay?.prepare();
      outcome = await choice.made.run(deps);
    }
    exitCode = exitCodeOf(outcome);
    // Partial failures: every one for people; for programs the one that set the exit code.
    const failures = outcome.failures.map((f) => stoppedBy(ctx.signal, f));
    if (deps && failures.length) (deps.out.json ? failures.slice(0, 1) : failures).forEach((f) => deps?.out.error(f));
  } catch (err) {
    if (err instanceof CommanderError && COMMANDER_SUCCESS.has(err.code)) return 0;
    if (isBrokenPipe(err)) return exitCode;
    const failure = stoppedBy(ctx.signal, err instanceof CommanderError ? fromCommander(err) : toMcpctlError(err));
    const out = deps?.out ?? new Output(ctx, { json: argv.includes('--json'), color: !argv.includes('--no-color') });
    out.stopSpinner();
    await out.fitStderrToTerminal();
    out.error(failure);
    exitCode = failure.exitCode;
  } finally {
    await deps?.sessions.endAll();
    if (deps) exitCode = await finishRecordReplay(deps, exitCode);
    restoreConsole?.();
  }
  // SIGTERM ends the run with 143 whatever was done by then (the work stopped at its next step).
  return terminatedBy(ctx.signal) ? TERMINATED_EXIT_CODE : exitCode;
}

/** --record writes its file once every server has ended; a failure to is reported, as is a replay mismatch. */
async function finishRecordReplay(deps: Deps, exitCode: number): Promise<number> {
  const failure = await deps.recordReplay?.finish(exitCode).catch(toMcpctlError);
  if (!failure) return exitCode;
  deps.out.error(failure);
  return exitCode === 0 ? failure.exitCode : exitCode;
}

/** A dependency's console line: on stderr (never stdout, which is data), debug and trace only with -v. */
function consoleLine(ctx: Context, out: Output | undefined, level: ConsoleLevel, text: string): void {
  const verbose = level === 'debug' || level === 'trace';
  if (out === undefined) {
    if (!verbose) ctx.io.stderr.write(`${text}\n`);
  } else if (verbose) out.debug(text);
  else out.info(text);
}

/** After SIGTERM, a failure is reported as the termination it was, with its exit code (143). */
function stoppedBy(signal: AbortSignal, failure: McpctlError): McpctlError {
  if (!terminatedBy(signal)) return failure;
  return new McpctlError(
    'interrupted',
    `terminated (SIGTERM)${failure.server !== undefined ? ` while working with server "${failure.server}"` : ''}`,
    { server: failure.server, phase: failure.phase, exitCode: TERMINATED_EXIT_CODE },
  );
}

function fromCommander(err: CommanderError): McpctlError {
  const message = err.message.replace(/^error: /, '');
  return usageError(message, { hint: 'mcpctl --help lists the commands and options; mcpctl COMMAND --help shows one' });
}
