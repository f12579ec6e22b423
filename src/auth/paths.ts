// Where the token store lives: $XDG_CONFIG_HOME/mcpctl/auth.json, else ~/.config/mcpctl/auth.json.

import { isAbsolute, join } from 'node:path';
import type { Context } from '../io.js';

export function authFilePath(ctx: Pick<Context, 'env' | 'home'>): string {
  const xdg = ctx.env.XDG_CONFIG_HOME;
  // The XDG spec says a relative value is invalid and must be ignored.
  const base = xdg !== undefined && xdg !== '' && isAbsolute(xdg) ? xdg : join(ctx.home, '.config');
  return join(base, 'mcpctl', 'auth.json');
}
