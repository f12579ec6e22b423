// The adapter's own verdict on one scenario, handed to run.ts through a file: the suite accepts
// a failing client in some scenarios (auth/resource-mismatch, auth/scope-retry-limit), so its
// result alone cannot tell whether mcpctl ended each step with the exit code the adapter expects.

import { readFile, writeFile } from 'node:fs/promises';

/** The variable run.ts sets (the suite passes its environment on) to the verdict file's path. */
export const VERDICT_ENV = 'MCPCTL_CONFORMANCE_VERDICT';

export interface Verdict {
  scenario: string;
  /** Every step ended with the exit code it expects. */
  ok: boolean;
  /** The first step that did not. */
  message?: string;
}

/** Written by the adapter, when run.ts asked for it. */
export async function writeVerdict(env: NodeJS.ProcessEnv, verdict: Verdict): Promise<void> {
  const file = env[VERDICT_ENV];
  if (file !== undefined) await writeFile(file, `${JSON.stringify(verdict)}\n`);
}

/** What the adapter wrote; undefined when it wrote nothing (it never ran, or died first). */
export async function readVerdict(file: string): Promise<Verdict | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Verdict;
  } catch {
    return undefined;
  }
}
