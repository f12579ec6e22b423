// What the session layer asks of --record and --replay at the one place it makes a transport
// (src/mcp/session/connect.ts): the transport for this attempt, made live and recorded, or
// answered from a recording without any server.

import type { Transport } from '@modelcontextprotocol/client';
import type { ServerSpec } from '../../config/types.js';
import type { RecordedTransport } from './recording.js';

export interface Exchange {
  /** False when replaying: no server process is started ahead of the session. */
  readonly startsServers: boolean;
  /**
   * The transport of one connection attempt to `spec` over `kind`. `make` builds the live one
   * (spawning a stdio server): a recorder calls it and watches what it carries, a player never does.
   */
  transport(spec: ServerSpec, kind: RecordedTransport, make: () => Transport): Transport;
}
