// One conformance scenario's private world for mcpctl: a temp HOME / XDG_CONFIG_HOME /
// XDG_CACHE_HOME, a config file, secrets in environment variables, a $BROWSER that follows the
// authorization redirect, and a runner for `bin/mcpctl.js` as a real child process.

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type StandInBrowser, standInBrowser } from '../fixtures/oauth/stand-in-browser.js';
import { shellQuote } from '../helpers/shell-quote.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (this file runs from dist/test/conformance/). */
export const ROOT = path.resolve(here, '../../..');
const BIN = path.join(ROOT, 'bin', 'mcpctl.js');

/** Bound on one mcpctl run; the conformance runner gives the whole adapter 30 s. */
const COMMAND_TIMEOUT_MS = 20_000;
/** The name the scenario's server gets in the config file. */
export const SERVER = 'conformance';

export interface CommandResult {
  argv: string[];
  code: number;
  stdout: string;
  stderr: string;
}

export class Workspace {
  readonly configFile: string;
  private readonly env: Record<string, string>;
  private browser: StandInBrowser | undefined;
  private logins = 0;

  private constructor(
    readonly dir: string,
    readonly url: string,
    /** The revision the scenario runs at (MCP_CONFORMANCE_PROTOCOL_VERSION), pinned in the config. */
    readonly protocolVersion: string | undefined,
  ) {
    this.configFile = path.join(dir, 'mcp.json');
    this.env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      XDG_CACHE_HOME: path.join(dir, 'cache'),
      TMPDIR: tmpdir(),
      NO_COLOR: '1',
    };
  }

  static async create(url: string, protocolVersion?: string): Promise<Workspace> {
    const dir = await mkdtemp(path.join(tmpdir(), 'mcpctl-conformance-'));
    const ws = new Workspace(dir, url, protocolVersion);
    await mkdir(ws.env.XDG_CONFIG_HOME as string, { recursive: true });
    await mkdir(ws.env.XDG_CACHE_HOME as string, { recursive: true });
    ws.browser = await standInBrowser(dir, 'follow', 'browser');
    ws.env.BROWSER = ws.browser.program;
    return ws;
  }

  async cleanup(): Promise<void> {
    this.browser?.close();
    await rm(this.dir, { recursive: true, force: true, maxRetries: 3 });
  }

  /** Sets an environment variable for mcpctl (a secret a config entry names with `...From`). */
  setSecret(name: string, value: string): void {
    this.env[name] = value;
  }

  /** Writes the config file: one server, SERVER, at the scenario's URL and revision, with these extra keys. */
  async writeConfig(entry: Record<string, unknown>): Promise<void> {
    const pinned = this.protocolVersion === undefined ? {} : { protocolVersion: this.protocolVersion };
    const config = { mcpServers: { [SERVER]: { url: this.url, ...pinned, ...entry } } };
    await writeFile(this.configFile, `${JSON.stringify(config, null, 2)}\n`);
  }

  /** `mcpctl ARGS` in the workspace (cwd: the temp dir, so no project config is found). */
  mcpctl(args: string[], input?: string): Promise<CommandResult> {
    return this.run(process.execPath, [BIN, ...args], args, (stdin) => stdin.end(input ?? ''));
  }

  /**
   * `mcpctl ARGS` on a terminal, as a person runs it: util-linux `script` gives it a
   * pseudo-terminal (80x24); stdout and stderr both arrive as stdout. Each reply is typed once
   * its prompt has appeared — not before, as a person would: keys typed while the spinner
   * runs are discarded.
   */
  mcpctlOnTerminal(args: string[], replies: Array<{ prompt: RegExp; text: string }>): Promise<CommandResult> {
    const line = `stty cols 80 rows 24; exec ${[process.execPath, BIN, ...args].map(shellQuote).join(' ')}`;
    let seen = 0;
    let next = 0;
    const running = this.run(
      'script',
      ['--quiet', '--return', '--command', line, '/dev/null'],
      args,
      (stdin, output) => {
        output((screen) => {
          while (next < replies.length) {
            const reply = replies[next] as { prompt: RegExp; text: string };
            const match = reply.prompt.exec(screen.slice(seen));
            if (match === null) return;
            seen += match.index + match[0].length;
            next += 1;
            stdin.write(reply.text);
          }
        });
      },
    );
    return running.catch((err: unknown) => {
      const missing = err instanceof Error && 'code' in err && err.code === 'ENOENT';
      throw missing ? new Error('a terminal scenario needs script(1) from util-linux, which is not installed') : err;
    });
  }

  /** Runs a program; `feed` writes its input, and may watch its stdout as it grows. */
  private run(
    program: string,
    programArgs: string[],
    argv: string[],
    feed: (stdin: Writable, output: (watch: (stdout: string) => void) => void) => void,
  ): Promise<CommandResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(program, programArgs, { cwd: this.dir, env: this.env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let watcher: ((stdout: string) => void) | undefined;
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        watcher?.(stdout);
      });
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.stdin.on('error', () => {});
      feed(child.stdin, (watch) => (watcher = watch));
      const timer = setTimeout(() => {
        stderr += `\n[adapter] mcpctl ran longer than ${COMMAND_TIMEOUT_MS} ms: killed\n`;
        child.kill('SIGKILL');
      }, COMMAND_TIMEOUT_MS);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        child.stdin.destroy();
        const result = { argv, code: code ?? (signal === null ? 1 : 128), stdout, stderr };
        report(result);
        resolve(result);
      });
    });
  }

  /** `mcpctl ARGS`, which must exit with `code`. */
  async expect(code: number, args: string[], input?: string): Promise<CommandResult> {
    const result = await this.mcpctl(args, input);
    if (result.code !== code) throw new Error(`mcpctl ${args.join(' ')} exited with ${result.code}, expected ${code}`);
    return result;
  }

  /** `mcpctl auth login SERVER` through $BROWSER; waits (bounded) for the browser to finish. */
  async login(expectCode = 0): Promise<CommandResult> {
    const result = await this.expect(expectCode, ['-c', this.configFile, 'auth', 'login', SERVER]);
    if (expectCode === 0) {
      this.logins += 1;
      await this.browserDone(this.logins);
    }
    return result;
  }

  /** mcpctl does not wait for the browser: wait until it has finished `count` visits. */
  private async browserDone(count: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      if ((this.browser?.visits.length ?? 0) >= count) return;
      if (Date.now() > deadline) throw new Error(`the browser did not finish visit ${count} within 10 s`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** Echoes a command and its output to stderr: the conformance runner shows it on failure. */
function report(result: CommandResult): void {
  const lines = [`$ mcpctl ${result.argv.join(' ')}   → exit ${result.code}`];
  if (result.stdout.trim() !== '') lines.push(indent('stdout', result.stdout));
  if (result.stderr.trim() !== '') lines.push(indent('stderr', result.stderr));
  process.stderr.write(`${lines.join('\n')}\n`);
}

function indent(label: string, text: string): string {
  // Terminal output carries cursor and colour sequences: keep only the text.
  return text
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
    .replace(/\r/g, '')
    .trimEnd()
    .split('\n')
    .map((line) => `  ${label}| ${line}`)
    .join('\n');
}
