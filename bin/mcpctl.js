#!/usr/bin/env node
// Process glue only: the real argv, streams, environment and signals in; the exit code out.

'use strict';
// CommonJS (bin/package.json), as the bundle is: Node 20 then starts no ES module loader, and no
// built-in module is loaded whole for an ES import of one of its functions.

const { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { format } = require('node:util');
const { bundleLoader } = require('./load-bundle.js');
const { isTerminal, standardStream } = require('./standard-streams.js');

const root = path.join(__dirname, '..');
const bundleDir = path.join(root, 'dist', 'bundle');
const bundle = bundleLoader(bundleDir);

/** A chunk of the bundle, or, when the program is not built, a line saying how to build it. */
function loadBuilt(name) {
  try {
    return bundle.load(name);
  } catch (err) {
    const missing = err?.code === 'ENOENT' || err?.code === 'MODULE_NOT_FOUND';
    if (!missing || !String(err.message).includes(path.join(bundleDir, name))) throw err;
    process.stderr.write(`mcpctl: the program is not built yet: run \`npm run build\` in ${root}\n`);
    process.exit(1);
  }
}

// The exit codes (a module that imports nothing) come first: signals are taken before the
// program loads, so a SIGTERM at any moment ends the run with its code.
const { EXIT_CODES, TERMINATED_EXIT_CODE } = loadBuilt('exit-codes.cjs');
const controller = new AbortController();
let interrupts = 0;
let terminated = false;
process.on('SIGINT', () => {
  interrupts += 1;
  if (interrupts > 1) process.exit(EXIT_CODES.interrupted);
  controller.abort(new Error('interrupted'));
});
process.on('SIGTERM', () => {
  if (terminated) process.exit(TERMINATED_EXIT_CODE);
  terminated = true;
  // main() turns this reason into the same exit code; servers are still ended, within their bound.
  controller.abort(Object.assign(new Error('terminated'), { signal: 'SIGTERM' }));
  setTimeout(() => process.exit(TERMINATED_EXIT_CODE), 8000).unref();
});
const stdout = standardStream(1);
const stderr = standardStream(2);

/** Every console.* call of a dependency handed to `sink` until the returned function is called. */
function routeConsole(sink) {
  const levels = ['log', 'info', 'warn', 'error', 'debug', 'trace'];
  const saved = levels.map((level) => [level, console[level]]);
  for (const level of levels) console[level] = (...args) => sink(level, format(...args));
  return () => {
    for (const [level, fn] of saved) console[level] = fn;
  };
}

/**
 * The private cache directory ($XDG_CACHE_HOME/mcpctl or ~/.cache/mcpctl), or undefined when it
 * is not ours alone: a symlink or another user's directory there is left alone, never followed.
 */
function privateCacheDir() {
  const xdg = process.env.XDG_CACHE_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache');
  const dir = path.join(base, 'mcpctl');
  makeDirs(dir);
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.()) return undefined;
  // mkdir leaves an existing directory's mode alone; the cache is kept private as the tokens are.
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  return dir;
}

/**
 * `mkdir -p` with mode 0700, one level at a time. Node's recursive mkdir never returns where
 * mkdir fails with ENOENT under a parent that exists (XDG_CACHE_HOME=/proc/x): a hang that not
 * even SIGTERM ends, the event loop being blocked. Here that mkdir throws, and the run goes on
 * without a cache.
 */
function makeDirs(dir) {
  const missing = [];
  for (let at = dir; !existsSync(at) && path.dirname(at) !== at; at = path.dirname(at)) missing.unshift(at);
  for (const at of missing) {
    try {
      mkdirSync(at, { mode: 0o700 });
    } catch (err) {
      // Made meanwhile by another run (or a dangling link, which the lstat after refuses).
      if (err?.code !== 'EEXIST') throw err;
    }
  }
}

/**
 * The code cache in the private cache directory (a read-only or foreign home runs without), and
 * the entries the build made for this Node (dist/v8-seed, absent from an installed package).
 */
function useCodeCache() {
  bundle.useSeed(path.join(root, 'dist', 'v8-seed'));
  try {
    const dir = privateCacheDir();
    if (dir) bundle.useCache(dir);
  } catch {
    // No cache is no failure.
  }
}

/**
 * What the build already wrote, for the two runs whose output is the same every time: `mcpctl
 * --help` into a pipe or a file (dist/bundle/help.txt, written by scripts/bundle.mjs) and `mcpctl
 * completion SHELL` (completions/, committed). They are printed without loading the program,
 * which a person's help drawn to a terminal's width, or any other argument, still needs. Tests
 * hold both equal to what the program prints. Undefined when the file is not there.
 */
function shippedAnswer(argv) {
  let file;
  if (argv.length === 1 && argv[0] === '--help' && !stdout.terminal) file = path.join(bundleDir, 'help.txt');
  else if (argv.length === 2 && argv[0] === 'completion' && ['bash', 'zsh', 'fish'].includes(argv[1]))
    file = path.join(root, 'completions', `mcpctl.${argv[1]}`);
  if (file === undefined) return undefined;
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The run: the program's main() given the real process, its code the exit code. */
async function run() {
  const shipped = shippedAnswer(process.argv.slice(2));
  if (shipped !== undefined) {
    // A reader gone away (`| head`) ends the run quietly, as the program's own writes do.
    stdout.stream.write(shipped, (err) => {
      if (!err || err.code === 'EPIPE') return;
      stderr.stream.write(`mcpctl: cannot write to stdout: ${err.message}\n`);
      process.exitCode = EXIT_CODES.internal;
    });
    return;
  }
  useCodeCache();
  const { main } = loadBuilt('main.cjs');
  const code = await main(process.argv.slice(2), {
    io: {
      // Made only if a command reads it (most never do): a stream costs its modules and a handle.
      get stdin() {
        return process.stdin;
      },
      stdout: stdout.stream,
      stderr: stderr.stream,
      // Asked only by a command that may ask questions.
      get stdinIsTTY() {
        return isTerminal(0);
      },
      stdoutIsTTY: stdout.terminal,
      stderrIsTTY: stderr.terminal,
      columns: stdout.terminal ? stdout.stream.columns : undefined,
      stderrColumns: stderr.terminal ? stderr.stream.columns : undefined,
    },
    env: process.env,
    cwd: process.cwd(),
    home: os.homedir(),
    now: () => Date.now(),
    // When the process started; process.uptime() needs no perf_hooks, which `performance` loads.
    startedAt: Date.now() - process.uptime() * 1000,
    signal: controller.signal,
    routeConsole,
  });
  process.exitCode = code;
  // After the answer: the code cache entries this run had to compile are written now.
  bundle.save();
  // Everything we started has been ended by now; if a stray handle still holds the event loop,
  // leave anyway once output has drained (writes were awaited, so nothing is cut short).
  setTimeout(() => process.exit(code), 1500).unref();
}

run();
