// Listing tools, resources, templates and prompts page by page, leniently: one malformed entry
// is set aside with a warning instead of failing the whole list (the SDK's listTools() would),
// and so is one beyond the size limits (src/schema/limits.ts), before anything walks it.

import {
  isSpecType,
  type Prompt,
  type Resource,
  type ResourceTemplateType as ResourceTemplate,
  type Tool,
} from '@modelcontextprotocol/client';
import type { RequestOptions, ServerCapabilities } from '@modelcontextprotocol/client';
import { McpctlError } from '../../errors.js';
import { sizeProblem } from '../../schema/limits.js';
import { ANY_RESULT, type Requester } from './unchecked.js';

export interface ListKinds {
  tools: Tool;
  resources: Resource;
  resourceTemplates: ResourceTemplate;
  prompts: Prompt;
}
export type ListKind = keyof ListKinds;

const METHODS: Record<ListKind, string> = {
  tools: 'tools/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
  prompts: 'prompts/list',
};

/** The server capability each list belongs to. */
const CAPABILITIES: Record<ListKind, keyof ServerCapabilities> = {
  tools: 'tools',
  resources: 'resources',
  resourceTemplates: 'resources',
  prompts: 'prompts',
};

const SPEC_NAMES = {
  tools: 'Tool',
  resources: 'Resource',
  resourceTemplates: 'ResourceTemplate',
  prompts: 'Prompt',
} as const;

/**
 * A list longer than this many pages is taken for one that never ends (a server making up new
 * cursors): the walk stops with an error, never with part of the list passed off as all of it.
 */
const MAX_PAGES = 10_000;

/** An entry left out of a list. */
export interface Malformed {
  index: number;
  name?: string;
  /** Set when the shape may be fine but the entry is too deep or too large to look at. */
  reason?: string;
}

export interface ListOutcome<K extends ListKind> {
  items: ListKinds[K][];
  /** Entries that broke the spec's shape or the size limits, with their position, their name when they have one, and why. */
  malformed: Malformed[];
  /** True when --limit stopped the walk before the last page. */
  truncated: boolean;
  /** True when the server declared no capability for this list, so nothing was asked. */
  undeclared: boolean;
}

export interface ListOptions<K extends ListKind> {
  /** Stop after this many valid items. */
  limit?: number;
  /** Stop at the page holding the first item this is true for (a call looking for its tool). */
  until?: (item: ListKinds[K]) => boolean;
  requestOptions?: RequestOptions;
  /** The server's capabilities: a list it did not declare is empty, and not requested. */
  capabilities?: ServerCapabilities;
}

/** The note for a list the server declared no capability for (shown on a terminal only). */
export function undeclaredNote(server: string, kind: ListKind): string {
  const what = kind === 'resourceTemplates' ? 'resource templates' : kind;
  return `server "${server}" does not offer ${what} (it declared no "${CAPABILITIES[kind]}" capability); nothing was asked`;
}

export async function listAll<K extends ListKind>(
  client: Requester,
  kind: K,
  opts: ListOptions<K> = {},
): Promise<ListOutcome<K>> {
  const items: ListKinds[K][] = [];
  const malformed: Malformed[] = [];
  let cursor: string | undefined;
  let index = 0;
  if (opts.capabilities && opts.capabilities[CAPABILITIES[kind]] === undefined)
    return { items, malformed, truncated: false, undeclared: true };
  const seen = new Set<string>();
  for (let page = 0; ; page++) {
    if (page === MAX_PAGES)
      throw new McpctlError('protocol', `${METHODS[kind]} did not end after ${MAX_PAGES} pages`, {
        hint: 'the server keeps sending a nextCursor: a bug of the server',
      });
    const result = await client.request(
      { method: METHODS[kind], params: cursor ? { cursor } : {} },
      ANY_RESULT,
      opts.requestOptions,
    );
    const entries = Array.isArray(result[kind]) ? (result[kind] as unknown[]) : [];
    for (const entry of entries) {
      // The shape check recurses through every nested value: a deep one would overflow the stack.
      const tooBig = sizeProblem(entry);
      if (tooBig !== undefined) malformed.push({ index, name: nameOf(entry), reason: `it is ${tooBig}` });
      else if (isSpecType[SPEC_NAMES[kind]](entry)) items.push(entry as ListKinds[K]);
      else malformed.push({ index, name: nameOf(entry) });
      index++;
      if (opts.limit !== undefined && items.length >= opts.limit)
        return { items, malformed, truncated: true, undeclared: false };
    }
    cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined;
    if (!cursor) break;
    if (seen.has(cursor))
      throw new McpctlError('protocol', `${METHODS[kind]} sent the cursor of an earlier page again`, {
        hint: 'the server would repeat its pages without end: a bug of the server',
      });
    seen.add(cursor);
    if (opts.until && items.some(opts.until)) return { items, malformed, truncated: true, undeclared: false };
  }
  return { items, malformed, truncated: false, undeclared: false };
}

function nameOf(entry: unknown): string | undefined {
  if (entry && typeof entry === 'object') {
    const e = entry as Record<string, unknown>;
    const name = e.name ?? e.uri ?? e.uriTemplate;
    if (typeof name === 'string') return name;
  }
  return undefined;
}
