// Asking a person the questions a server sends (elicitation) while `call` or `tasks --wait`
// runs: only when both stdin and stderr are terminals and --no-input is not given. The form
// checks answers with ajv (the schema checks, loaded while the server boots).

import type { Deps } from './deps.js';
import type { Asking } from './session-plan.js';
import { loadChecks } from './checks.js';
import type { FormAnswer, FormRequest } from '../../src/ask/form.js';
import type { LineReader } from '../../src/ask/lines.js';

/** How the server's questions are answered: by `ask` when a person can be, else declined with the reason. */
export function askingOnTerminal(deps: Deps, input: boolean, ask: NonNullable<Asking['ask']>): Asking {
  const { io } = deps.ctx;
  return {
    ask: input && io.stdinIsTTY && io.stderrIsTTY ? ask : undefined,
    noAskReason: input ? 'no terminal to ask on (stdin and stderr are not both terminals)' : '--no-input',
  };
}

/** One form, asked on stderr and answered on stdin. */
export async function askOnTerminal(
  deps: Deps,
  server: string,
  lines: LineReader,
  request: FormRequest,
): Promise<FormAnswer> {
  return (await loadChecks()).askForm(request, {
    lines,
    write: (t) => void deps.ctx.io.stderr.write(t),
    chalk: deps.out.errChalk,
    server,
  });
}
