// A tool's result as `call` prints it (and `tasks --wait`, for a task's result): the whole
// result with --json, structuredContent with --structured, rendered blocks on a terminal, the
// text alone in a pipe; images, audio and blobs written to --save-dir.

import type { CallToolResult } from '@modelcontextprotocol/client';
import type { Deps } from './deps.js';
import { usageError } from '../../src/errors.js';
import { stripTransportFields } from '../../src/output/json.js';
import {
  hasBinaries,
  hasText,
  joinedText,
  renderToolResult,
  saveBinaries,
  summarizeBlocks,
} from '../../src/output/tool-result.js';
import { lacksNewline, withNewline } from '../../src/output/content.js';
import { write } from '../../src/output/output.js';
import { ensureDirectory } from '../../src/output/save.js';

export interface RenderCallOptions {
  toolName: string;
  structured: boolean;
  saveDir?: string;
  force?: boolean;
}

export async function renderCall(deps: Deps, result: CallToolResult, opts: RenderCallOptions): Promise<void> {
  const { toolName, saveDir } = opts;
  const { out, ctx } = deps;
  let saved: Map<number, string> | undefined;
  if (saveDir !== undefined && hasBinaries(result)) {
    await ensureDirectory(saveDir);
    const written = await saveBinaries(result, saveDir, toolName, { force: opts.force === true });
    for (const { file, taken } of written.values())
      out.info(`saved ${file}${taken ? ` (${taken} exists; --force replaces it)` : ''}`);
    saved = new Map([...written].map(([i, { file }]) => [i, file]));
  }
  if (out.json) return out.printJson(stripTransportFields(result));
  if (opts.structured) {
    if (result.isError === true) {
      await write(ctx.io.stderr, withNewline(joinedText(result)));
      return;
    }
    if (result.structuredContent === undefined) {
      throw usageError(`tool "${toolName}" returned no structuredContent`, {
        hint: 'drop --structured to see what it returned',
      });
    }
    return out.printJson(result.structuredContent);
  }
  if (out.tty) {
    const text = renderToolResult(result, { chalk: out.chalk, saved });
    if (!saved && hasBinaries(result))
      out.info(out.errChalk.dim('(--save-dir DIR writes images, audio and blobs to files)'));
    return out.print(withNewline(text));
  }
  // The text and its newline apart: joined, a large text would be copied whole once more.
  const text = joinedText(result);
  if (result.isError === true) return write(ctx.io.stderr, withNewline(text));
  if (!hasText(result)) {
    // A pipe gets text only: without any, say on stderr what came instead of printing nothing.
    const summaries = summarizeBlocks(result, { chalk: out.errChalk, saved });
    out.info(
      summaries.length === 0 ? `tool "${toolName}" returned no content` : `tool "${toolName}" returned no text, only:`,
    );
    for (const line of summaries) out.info(`  ${line}`);
    if (!saved && hasBinaries(result))
      out.info(
        out.errChalk.dim('(--save-dir DIR writes images, audio and blobs to files; --json prints the whole result)'),
      );
  }
  await out.print(text);
  if (lacksNewline(text)) await out.print('\n');
}
