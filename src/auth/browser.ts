// Shows the authorization URL: printed to stderr always, and handed to a browser unless
// --no-browser. $BROWSER names the program (run with the URL as its argument); otherwise the
// platform's opener. The launched program is left running: it is the user's browser.

import { type ChildProcess, spawn } from 'node:child_process';
import { platform } from 'node:os';
import type { Context } from '../io.js';

export async function showAuthorizationUrl(url: URL, server: string, ctx: Context, noBrowser: boolean): Promise<void> {
  const text = url.href;
  if (noBrowser) {
    ctx.io.stderr.write(`To sign in to ${server}, open this URL in a browser:\n  ${text}\n`);
    return;
  }
  const program = browserProgram(ctx);
  const opened = await launch(program, text, ctx);
  ctx.io.stderr.write(
    opened
      ? `Opened a browser to sign in to ${server}. If it did not open, visit:\n  ${text}\n`
      : `Could not start ${program}. To sign in to ${server}, open this URL in a browser:\n  ${text}\n`,
  );
}

function browserProgram(ctx: Context): string {
  const configured = ctx.env.BROWSER;
  if (configured !== undefined && configured.trim() !== '') return configured.trim();
  return platform() === 'darwin' ? 'open' : 'xdg-open';
}

/** Starts the program; true once it is running, false if it could not be started. */
function launch(program: string, url: string, ctx: Context): Promise<boolean> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(program, [url], { stdio: 'ignore', detached: true, env: definedEnv(ctx.env), cwd: ctx.cwd });
    } catch {
      resolve(false);
      return;
    }
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}

function definedEnv(env: Context['env']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) out[name] = value;
  return out;
}
