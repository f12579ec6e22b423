// A JSON-RPC error the server answered with (exit 5), worded for the command that asked:
// which server refused what, the server's own message, and where to look next.

import { ProtocolError } from '@modelcontextprotocol/client';
import type { ServerSpec } from '../../config/types.js';
import { McpctlError } from '../../errors.js';

/** `err` as our protocol error when the server answered with one; anything else unchanged. */
export function serverRefused(err: unknown, spec: ServerSpec, what: string, hint: string): unknown {
  if (!(err instanceof ProtocolError)) return err;
  return new McpctlError(
    'protocol',
    `server "${spec.name}" could not ${what}: ${err.message.replace(/^MCP error -?\d+: /, '')} (error ${err.code})`,
    {
      server: spec.name,
      phase: 'request',
      hint,
      cause: err,
    },
  );
}
