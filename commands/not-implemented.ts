// The honest answer of a command whose work has not landed yet: exit 1, saying so.

import { McpctlError } from '../src/errors.js';

export function notImplemented(what: string): never {
  throw new McpctlError('internal', `${what} is not implemented yet`, { hint: 'this command is planned; see the README for what works today' });
}
