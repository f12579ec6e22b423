// Test helper: ArgSources with an in-memory file system and stdin, recording what was read.

import type { ArgSources } from '../../src/args/index.js';

export interface FakeSources extends ArgSources {
  /** Absolute paths readFile was asked for, in order. */
  filesRead: string[];
  /** How many times stdin was read. */
  stdinReads: number;
}

export function fakeSources(
  words: string[],
  options: {
    files?: Record<string, string | Buffer>;
    stdin?: string;
    argsJson?: string;
    argsFile?: string;
    cwd?: string;
  } = {},
): FakeSources {
  const files = options.files ?? {};
  const sources: FakeSources = {
    words,
    argsJson: options.argsJson,
    argsFile: options.argsFile,
    cwd: options.cwd ?? '/srv/project',
    filesRead: [],
    stdinReads: 0,
    readStdin: async () => {
      sources.stdinReads++;
      if (options.stdin === undefined) throw new Error('no stdin in this test');
      return options.stdin;
    },
    readFile: async (path: string) => {
      sources.filesRead.push(path);
      const content = files[path];
      if (content === undefined)
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
      return content;
    },
  };
  return sources;
}
