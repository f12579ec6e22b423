// Asking a person the questions a server sends (elicitation) while `call` or `tasks --wait`
// runs: only when both stdin and stderr are terminals and --no-input is not given. The form
// checks answers with ajv, so it comes with the session layer (`mcp`), which a command holds
// from the moment its client is configured, before it connects and so before any question.

import type { Deps } from '../common/deps.js';
import type { Asking, Mcp } from '../common/sessions.js';
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
export function askOnTerminal(
  deps: Deps,
  mcp: Mcp,
  server: string,
  lines: LineReader,
  request: FormRequest,
): Promise<FormAnswer> {
  return mcp.askForm(request, {
    lines,
    write: (t) => void deps.ctx.io.stderr.write(t),
    chalk: deps.out.errChalk,
    server,
  });
}
