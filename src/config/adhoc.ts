// Servers named on the command line instead of in a config file: an http(s):// URL, or
// `--stdio '<command line>'` split the way a shell would split it (without running a shell).

import path from 'node:path';
import type { Context } from '../io.js';
import { usageError } from '../errors.js';
import { inheritedEnv, protocolSetting, timeoutMs, type ResolveOptions } from './settings.js';
import type { HttpServerSpec, StdioServerSpec } from './types.js';
import { redactUrl } from '../redact.js';

export const AD_HOC_SOURCE = 'command line';

/**
 * Words of a command line: blanks separate words; 'single quotes' keep everything; "double
 * quotes" keep everything but \" \\ \$ \` ; a backslash outside quotes keeps the next character.
 * No expansion of any kind: the user's shell has already done that.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0)
        throw usageError(`unclosed ' in --stdio command line: ${line}`, {
          hint: 'close the quote, or quote the whole command line in \'…\' and the inner parts in "…"',
        });
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      i++;
      for (;;) {
        if (i >= line.length)
          throw usageError(`unclosed " in --stdio command line: ${line}`, { hint: 'close the quote' });
        const c = line[i]!;
        if (c === '"') break;
        if (c === '\\' && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1]!)) {
          if (line[i + 1] !== '\n') word += line[i + 1];
          i += 2;
          continue;
        }
        word += c;
        i++;
      }
      inWord = true;
      i++;
    } else if (ch === '\\') {
      if (i + 1 >= line.length)
        throw usageError(`--stdio command line ends with a backslash: ${line}`, {
          hint: 'remove the trailing backslash or escape it as \\\\',
        });
      if (line[i + 1] !== '\n') {
        word += line[i + 1];
        inWord = true;
      }
      i += 2;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** `--stdio '<command line>'`: the program runs in the working directory with our environment. */
export function adHocStdio(commandLine: string, ctx: Context, opts: ResolveOptions = {}): StdioServerSpec {
  const [command, ...args] = splitCommandLine(commandLine);
  if (command === undefined || command === '') {
    throw usageError('--stdio needs a command line', {
      hint: "for example --stdio 'npx -y @modelcontextprotocol/server-everything'",
    });
  }
  return {
    // Named by its program (`node`, `npx`): short in messages, and no argument, secret or not, shown.
    name: path.basename(command),
    source: AD_HOC_SOURCE,
    transport: 'stdio',
    command,
    args,
    cwd: ctx.cwd,
    env: inheritedEnv(ctx.env),
    timeoutMs: timeoutMs(undefined, opts),
    protocol: protocolSetting(undefined, 'stdio', opts),
  };
}

/** Whether a target names an ad-hoc HTTP server rather than a configured one. */
export function isUrlTarget(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

/** An http(s):// URL: Streamable HTTP, falling back to SSE, no headers. */
export function adHocHttp(url: string, _ctx: Context, opts: ResolveOptions = {}): HttpServerSpec {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usageError(`not a valid URL: ${url}`, {
      hint: 'write the full address, for example http://127.0.0.1:3000/mcp',
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw usageError(`not an http(s) URL: ${url}`, { hint: 'an ad-hoc server is an http:// or https:// URL' });
  }
  return {
    // Messages, tables and JSON name the server by this: never its userinfo or query values.
    name: redactUrl(url),
    source: AD_HOC_SOURCE,
    transport: 'http',
    url: parsed.href,
    headers: {},
    sseFallback: true,
    timeoutMs: timeoutMs(undefined, opts),
    protocol: protocolSetting(undefined, 'http', opts),
  };
}
