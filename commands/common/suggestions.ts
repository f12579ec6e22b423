// `--complete NAME=prefix` of `prompts` and `resources`: the argument (or template variable) to
// complete and the text typed so far, and the server's suggestions printed one per line.

import type { CompleteResult } from '@modelcontextprotocol/client';
import type { Deps } from './deps.js';
import { usageError } from '../../src/errors.js';
import { stripTransportFields } from '../../src/output/json.js';

/** `name=prefix` of --complete: the argument and the text typed so far. */
export function parseComplete(text: string): { name: string; value: string } {
  const eq = text.indexOf('=');
  if (eq <= 0) throw usageError(`--complete ${text}: write NAME=prefix (the prefix may be empty: NAME=)`);
  return { name: text.slice(0, eq), value: text.slice(eq + 1) };
}

export async function printSuggestions(deps: Deps, completion: CompleteResult): Promise<void> {
  const { out } = deps;
  if (out.json) return out.printJson(stripTransportFields(completion));
  const { values, total, hasMore } = completion.completion;
  if (values.length === 0) return out.info('no suggestions');
  await out.print(values.join('\n') + '\n');
  if (hasMore)
    out.info(`(${total !== undefined ? `${total} in all` : 'more exist'}; type more of the value to narrow them)`);
}
