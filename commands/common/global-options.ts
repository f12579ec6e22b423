// The global flags, as commander parses them: they work before or after any command.

import type { ProtocolSetting } from '../../src/config/types.js';

export interface GlobalOptions {
  config?: string;
  json?: boolean;
  timeout?: number;
  connectTimeout?: number;
  protocol?: ProtocolSetting;
  verbose?: boolean;
  quiet?: boolean;
  color?: boolean;
  stdio?: string;
  /** --max-size, megabytes. */
  maxSize?: number;
  /** --root, repeatable: directories offered as roots (replacing a server's `roots` key). */
  root?: string[];
  trustProject?: boolean;
  /** --concurrency: servers worked on at once by a command over several. */
  concurrency?: number;
  /** --record FILE: write the JSON-RPC exchange of this run there. */
  record?: string;
  /** --replay FILE: answer from that recording, with no server. */
  replay?: string;
}
