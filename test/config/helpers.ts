// Temporary directory trees for the config tests: home and project point into a fresh temp dir,
// so the real user's files are never read (their Context comes from test/helpers/context.ts).

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Tree {
  /** Realpath of the temp dir. */
  root: string;
  home: string;
  /** home/dev/app: the working directory of most tests. */
  project: string;
  /** Writes `text` (or JSON of `value`) to `rel` under root, creating directories. Returns the absolute path. */
  write(rel: string, content: string | object): Promise<string>;
  cleanup(): Promise<void>;
}

export async function makeTree(): Promise<Tree> {
  // realpath: on macOS the temp dir is behind a symlink, and paths are compared as strings.
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpctl-config-')));
  const home = path.join(root, 'home');
  const project = path.join(home, 'dev', 'app');
  await fs.mkdir(project, { recursive: true });
  return {
    root,
    home,
    project,
    async write(rel, content) {
      const file = path.join(root, rel);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      return file;
    },
    cleanup: () => fs.rm(root, { recursive: true, force: true }),
  };
}

/** The thrown value of `fn` (sync or async), failing when nothing is thrown. */
export async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error, nothing was thrown');
}
