// Reading a snapshot file written by `mcpctl snapshot`; anything else is a usage error naming it.

import { promises as fs } from 'node:fs';
import { usageError } from '../errors.js';
import { CONTRACT_FORMAT, type Contract } from './snapshot.js';

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
  // Written by an earlier mcpctl, which recorded the revision it happened to negotiate: no part of the contract.
  const { protocolVersion: _connection, ...contract } = c as Contract & { protocolVersion?: unknown };
  return contract;
}
