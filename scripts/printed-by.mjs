// What mcpctl's main() prints on stdout for `argv`, run in-process as a pipe would see it (no
// terminal, an empty environment): the build's texts that every run prints the same, the
// completion scripts (scripts/generate.mjs) and `--help` (scripts/bundle.mjs).

import { PassThrough } from 'node:stream';

/** stdout of `main(argv)` run in `cwd` with `home`; an exit code other than 0 fails, naming the command. */
export async function printedBy(main, argv, { cwd, home }) {
  const stdout = new PassThrough();
  const chunks = [];
  stdout.on('data', (chunk) => chunks.push(chunk));
  const stderr = new PassThrough();
  stderr.resume();
  const code = await main(argv, {
    io: { stdin: new PassThrough(), stdout, stderr, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false },
    env: {},
    cwd,
    home,
    now: () => Date.now(),
    signal: new AbortController().signal,
  });
  if (code !== 0) throw new Error(`mcpctl ${argv.join(' ')} exited with ${code}`);
  return Buffer.concat(chunks);
}
