// Writing a report (test results, a snapshot, a --record recording) to a file the user named: checked before any work
// starts, then written whole or not at all. A report left by an earlier build (a CI workspace
// keeps it) is replaced; a symlink, a directory or a config file's name never is.

import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { usageError } from '../errors.js';
import { writeFailureReason, writeFileAtomicRaw } from '../atomic-file.js';
import { isConfigFileName } from './save.js';

/** Refuses, before anything runs, a report file that could not be written or must not be replaced. */
export async function checkReportFile(file: string, shownAs = file, flag = '--output'): Promise<void> {
  if (isConfigFileName(path.basename(file))) {
    throw usageError(`${flag} ${shownAs}: that is the name of a config file; a report is not written there`, {
      phase: 'output',
      hint: 'name the report e.g. report.xml or results.json',
    });
  }
  const existing = await fs.lstat(file).catch(() => undefined);
  if (existing && !existing.isFile()) {
    const what = existing.isSymbolicLink()
      ? 'a symlink'
      : existing.isDirectory()
        ? 'a directory'
        : 'not a regular file';
    throw usageError(`${flag} ${shownAs}: it is ${what}; a report replaces only a regular file`, {
      phase: 'output',
      hint: 'name a new file, or a report file of an earlier run',
    });
  }
  const dir = path.dirname(file);
  try {
    await fs.access(dir, constants.W_OK);
  } catch (err) {
    throw usageError(`${flag} ${shownAs}: cannot write it: ${writeFailureReason(err)}`, {
      phase: 'output',
      hint: 'check that the directory exists and is writable',
      cause: err,
    });
  }
}

/** Writes the report atomically, replacing a regular file of that name (never a symlink's target). */
export async function writeReportFile(file: string, data: string, shownAs = file, flag = '--output'): Promise<void> {
  await checkReportFile(file, shownAs, flag);
  try {
    await writeFileAtomicRaw(file, data, { how: 'replace-file' });
  } catch (err) {
    throw usageError(`${flag} ${shownAs}: cannot write it: ${writeFailureReason(err)}`, {
      phase: 'output',
      hint: 'check that the directory exists and is writable',
      cause: err,
    });
  }
}
