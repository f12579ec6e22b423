// The MCP log levels, least severe first; kept apart from the SDK so flag parsing loads nothing.

import type { LoggingLevel } from '@modelcontextprotocol/client';

export const LOG_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];
