// Parsers for flag values shared by several commands; a bad value is a usage error naming the flag.

import { InvalidArgumentError } from 'commander';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import { PROTOCOL_SETTINGS, type ProtocolSetting } from '../../src/config/types.js';
import { LOG_LEVELS } from '../../src/mcp/requests/log-levels.js';

export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError('expected a positive number of seconds, e.g. 30 or 2.5');
  return n;
}

export function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

export function parseProtocol(value: string): ProtocolSetting {
  if (!(PROTOCOL_SETTINGS as readonly string[]).includes(value))
    throw new InvalidArgumentError(`expected one of ${PROTOCOL_SETTINGS.join(', ')}`);
  return value as ProtocolSetting;
}

export function parsePositiveNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number');
  return n;
}

export function parseLogLevel(value: string): LoggingLevel {
  const level = LOG_LEVELS.find((l) => l === value.toLowerCase());
  if (!level) throw new InvalidArgumentError(`expected one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Help text's examples section, in one format everywhere. */
export function examples(...lines: string[]): string {
  return '\nExamples:\n' + lines.map((l) => `  $ ${l}`).join('\n') + '\n';
}
