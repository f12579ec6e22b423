// Writing a report (test results, a snapshot) to a file the user named: whole or not at all,
// never over an existing file or through a symlink, never under a config file's name.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { usageError } from '../errors.js';
import { writeFailureReason, writeFileAtomicRaw } from '../atomic-file.js';
import { isConfigFileName } from './save.js';

export async function writeNewFile(file: string, data: string, shownAs = file): Promise<void> {
  if (isConfigFileName(path.basename(file))) {
    throw usageError(`--output ${shownAs}: that is the name of a config file; a report is not written there`, {
      phase: 'output',
      hint: 'name the report e.g. report.xml or results.json',
    });
  }
  const existing = await fs.lstat(file).catch(() => undefined);
  if (existing)
    throw usageError(
      `--output ${shownAs}: the file exists${existing.isSymbolicLink() ? ' (a symlink)' : ''}; it is not overwritten`,
      { phase: 'output', hint: 'remove it first, or name a new file' },
    );
  try {
    // Created whole, and only if the name is still free when it appears: no overwrite, no race.
    await writeFileAtomicRaw(file, data, { how: 'create' });
  } catch (err) {
    throw usageError(`--output ${shownAs}: cannot write it: ${writeFailureReason(err)}`, {
      phase: 'output',
      hint: 'check that the directory exists and is writable',
      cause: err,
    });
  }
}
