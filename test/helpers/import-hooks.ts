// Module hooks that write every module resolved to the file named by IMPORT_LOG: a test starts
// a Node process with them (record-imports.ts) to see which modules an import really loads.

import { appendFileSync } from 'node:fs';

type Resolve = (specifier: string, context: unknown) => Promise<{ url: string }>;

export async function resolve(specifier: string, context: unknown, nextResolve: Resolve): Promise<{ url: string }> {
  const result = await nextResolve(specifier, context);
  const log = process.env.IMPORT_LOG;
  if (log) appendFileSync(log, `${result.url}\n`);
  return result;
}
