// Reading a snapshot file written by `mcpctl snapshot`; anything else is a usage error naming it.

import { promises as fs } from 'node:fs';
import { formatJsonPath, type JsonSegment } from '../config/jsonc.js';
import { usageError } from '../errors.js';
import { isRecord } from '../is-record.js';
import { CONTRACT_FORMAT, type Contract } from './snapshot.js';

/** The fields diff pairs each list's entries by, or names them by: each must be a string. */
const ENTRY_KEYS = {
  tools: ['name'],
  prompts: ['name'],
  resources: ['uri'],
  resourceTemplates: ['uriTemplate', 'name'],
} as const;

/** `shownAs`: how messages name the file. */
export async function readContract(file: string, shownAs = file): Promise<Contract> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw usageError(
      `${shownAs}: ${code === 'ENOENT' ? 'no such snapshot file' : `cannot read it (${code ?? String(err)})`}`,
      { hint: 'write one with mcpctl snapshot SERVER > FILE' },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw usageError(`${shownAs}: not JSON (${err instanceof Error ? err.message : String(err)})`, {
      hint: 'a snapshot file is what mcpctl snapshot SERVER prints',
    });
  }
  const c = value as Partial<Contract> | null;
  if (
    c === null ||
    typeof c !== 'object' ||
    c.format !== CONTRACT_FORMAT ||
    !Array.isArray(c.tools) ||
    !Array.isArray(c.prompts) ||
    !Array.isArray(c.resources) ||
    !Array.isArray(c.resourceTemplates)
  ) {
    throw usageError(
      `${shownAs}: not a snapshot of mcpctl (expected "format": "${CONTRACT_FORMAT}" with tools, resources, resourceTemplates and prompts)`,
      { hint: 'write one with mcpctl snapshot SERVER > FILE' },
    );
  }
  const fault = misfit(c as Record<string, unknown>);
  if (fault) {
    const where = formatJsonPath(fault.at);
    throw usageError(`${shownAs}: not a valid snapshot: ${where} must be ${fault.expected}`, {
      hint: `fix ${where}, or write the snapshot again with mcpctl snapshot SERVER > FILE`,
    });
  }
  // Written by an earlier mcpctl, which recorded the revision it happened to negotiate: no part of the contract.
  const { protocolVersion: _connection, ...contract } = c as Contract & { protocolVersion?: unknown };
  return contract;
}

/**
 * The first field that diff reads and could not, with what it must be; undefined when there is
 * none. The rest of an entry (schemas, annotations) diff compares as written, whatever it holds.
 */
function misfit(c: Record<string, unknown>): { at: JsonSegment[]; expected: string } | undefined {
  const { server } = c;
  if (
    !isRecord(server) ||
    typeof server.name !== 'string' ||
    typeof server.version !== 'string' ||
    !(server.title === undefined || typeof server.title === 'string')
  )
    return { at: ['server'], expected: 'an object with a string "name" and "version" (and "title", if any)' };
  if (!isRecord(c.capabilities)) return { at: ['capabilities'], expected: 'an object' };
  if (!(c.instructions === undefined || typeof c.instructions === 'string'))
    return { at: ['instructions'], expected: 'a string' };
  for (const [list, keys] of Object.entries(ENTRY_KEYS)) {
    const i = (c[list] as unknown[]).findIndex((e) => !isRecord(e) || keys.some((k) => typeof e[k] !== 'string'));
    if (i >= 0)
      return { at: [list, i], expected: `an object with a string ${keys.map((k) => `"${k}"`).join(' and ')}` };
  }
  for (const [i, prompt] of (c.prompts as Record<string, unknown>[]).entries()) {
    const args = prompt.arguments;
    if (args === undefined) continue;
    if (!Array.isArray(args)) return { at: ['prompts', i, 'arguments'], expected: 'a list' };
    const j = args.findIndex((a) => !isRecord(a) || typeof a.name !== 'string');
    if (j >= 0) return { at: ['prompts', i, 'arguments', j], expected: 'an object with a string "name"' };
  }
  return undefined;
}
