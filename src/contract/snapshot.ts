// A server's contract as one deterministic JSON document: server info, capabilities, tools,
// resources, resource templates and prompts, sorted and normalised, with the fields that change
// from one connection to the next left out, so that two snapshots of the same server are
// byte-identical. The negotiated protocol revision is no part of it: it belongs to a connection
// (the same server speaks several), so `snapshot` reports it on stderr.

import type { Prompt, Resource, ResourceTemplateType as ResourceTemplate, Tool } from '@modelcontextprotocol/client';
import type { Session } from '../mcp/session/session.js';
import type { ListKind } from '../mcp/requests/lists.js';
import { toolAllowed } from '../mcp/requests/filters.js';

/** Written into every snapshot, so a later mcpctl can read an older one. */
export const CONTRACT_FORMAT = 'mcpctl-contract/1';

export interface Contract {
  format: typeof CONTRACT_FORMAT;
  server: { name: string; version: string; title?: string };
  capabilities: Record<string, unknown>;
  instructions?: string;
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
}

/** Fields of an item that differ between connections or say nothing a client may rely on. */
const VOLATILE = new Set(['_meta', 'ttlMs', 'cacheScope']);
/** Lists whose order means nothing: sorted so that a reordering is no change. */
const UNORDERED = new Set(['required']);

export async function snapshotContract(session: Session): Promise<Contract> {
  // Imported here: the lists load the SDK client's schemas, which reading or diffing a saved
  // contract (CONTRACT_FORMAT, contractJson) never needs.
  const { listAll } = await import('../mcp/requests/lists.js');
  const caps = session.capabilities ?? {};
  const options = session.requestOptions();
  const list = async <K extends ListKind>(kind: K, offered: unknown) =>
    offered ? (await listAll(session.client, kind, { requestOptions: options })).items : [];
  const [tools, resources, resourceTemplates, prompts] = await Promise.all([
    list('tools', caps.tools),
    list('resources', caps.resources),
    list('resourceTemplates', caps.resources),
    list('prompts', caps.prompts),
  ]);
  const info = session.serverInfo ?? { name: '', version: '' };
  // Fields in a fixed order, readable from the top; everything inside them sorted.
  return {
    format: CONTRACT_FORMAT,
    server: normalise({
      name: info.name,
      version: info.version,
      ...(info.title !== undefined ? { title: info.title } : {}),
    }),
    capabilities: normalise(caps as Record<string, unknown>),
    ...(session.instructions !== undefined ? { instructions: session.instructions } : {}),
    tools: normalise(
      byKey(
        tools.filter((t) => toolAllowed(session.spec, t.name)),
        (t) => t.name,
      ).map(stable),
    ),
    resources: normalise(byKey(resources, (r) => r.uri).map(stable)),
    resourceTemplates: normalise(byKey(resourceTemplates, (t) => t.uriTemplate).map(stable)),
    prompts: normalise(
      byKey(prompts, (p) => p.name).map((p) =>
        stable(p.arguments ? { ...p, arguments: byKey(p.arguments, (a) => a.name) } : p),
      ),
    ),
  };
}

/** The text of a snapshot file. */
export function contractJson(contract: Contract): string {
  return `${JSON.stringify(contract, null, 2)}\n`;
}

function byKey<T>(items: T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** An item without its volatile fields (only at its top level: a schema may name a property `_meta`). */
function stable<T extends object>(item: T): T {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !VOLATILE.has(key))) as T;
}

/** Keys sorted at every level, unordered lists sorted. */
export function normalise<T>(value: T): T {
  if (Array.isArray(value)) return value.map(normalise) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    out[key] =
      UNORDERED.has(key) && Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...v].sort() : normalise(v);
  }
  return out as T;
}
