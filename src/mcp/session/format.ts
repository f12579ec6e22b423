// Small text helpers for session messages: durations, stderr tails, and what to say when the
// server is started through a package runner that may still be downloading it.

/** 5000 → "5s", 1500 → "1.5s", 250 → "250ms": how limits are named in messages. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = ms / 1000;
  return Number.isInteger(seconds) ? `${seconds}s` : `${Number(seconds.toFixed(1))}s`;
}

/** At most this many of a server's last stderr lines go into a message, each cut at LINE_CHARS. */
const TAIL_LINES = 10;
const LINE_CHARS = 300;

/**
 * The last lines a server wrote to stderr, indented under a message: bounded, so a chatty
 * server cannot flood the terminal (the terminal stream escapes their controls).
 */
export function tailBlock(lines: readonly string[]): string {
  const shown = lines.filter((line) => line.trim() !== '').slice(-TAIL_LINES);
  if (shown.length === 0) return '';
  const clipped = shown.map((line) => (line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line));
  return `; its last stderr lines:\n${clipped.map((line) => `  ${line}`).join('\n')}`;
}

/**
 * The package runner a command line starts (`npx`, `pnpm dlx`, `bunx`, `uvx`, `pipx run`…),
 * which downloads the server on a first run, or undefined.
 */
export function packageRunner(command: string, args: readonly string[]): string | undefined {
  const program = (command.split(/[\\/]/).pop() ?? command).replace(/\.(cmd|exe|ps1)$/i, '').toLowerCase();
  if (['npx', 'pnpx', 'bunx', 'uvx'].includes(program)) return program;
  const sub = args[0];
  if ((program === 'pnpm' || program === 'yarn') && sub === 'dlx') return `${program} dlx`;
  if (program === 'npm' && (sub === 'exec' || sub === 'x')) return `npm ${sub}`;
  if (program === 'bun' && sub === 'x') return 'bun x';
  if (program === 'pipx' && sub === 'run') return 'pipx run';
  if (program === 'uv' && sub === 'tool' && args[1] === 'run') return 'uv tool run';
  return undefined;
}

/** What to say of a server a package runner starts and that did not answer in time, or failed before it did. */
export function packageRunnerHint(runner: string): string {
  // pnpm reads npm_config_* too; yarn, bun and pipx have no such switch.
  const npm = ['npx', 'npm exec', 'npm x', 'pnpx', 'pnpm dlx'].includes(runner);
  const uv = runner === 'uvx' || runner === 'uv tool run';
  const offline = npm
    ? '; or run it from npm\'s cache, offline: npm_config_offline=true (in the environment or the server\'s "env")'
    : uv
      ? '; or run it from uv\'s cache, offline: UV_OFFLINE=1 (in the environment or the server\'s "env")'
      : '';
  return `${runner} may still be downloading the server on a first run: give it longer with --connect-timeout SECONDS${offline}`;
}
