// The SDK's public zod schemas, built on first use: a source transform that both bundlers apply,
// scripts/bundle.mjs to the program and scripts/bundle-fixtures.mjs to the tests' SDK servers.
//
// The SDK builds zod schemas it may never use: its core package builds all its public ones when it
// loads (`schemas-*.mjs`, `auth-*.mjs`: 180 constants, 1,081 zod objects), and the client and the
// server each build one revision's whole wire set at the first message of that revision
// (`build$1()`, 2025-11-25: 748 zod objects; `build()`, 2026-07-28), though a run validates with
// a few of them (the JSON-RPC message of every line, the initialize result, a listed tool, …).
// Each constant made by a call becomes `lazySchema(() => call)` (src/mcp/session/lazy-schema.ts):
// the same schema, built when first used, with the schemas it is made of. Any other shape of
// those files, or fewer schemas than below (the counts when this was written), fails the build.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const helper = JSON.stringify(path.join(root, 'dist/src/mcp/session/lazy-schema.js'));

/** The core package's schemas, which the client and the server both load. */
const CORE_SCHEMA_FILES = [
  { file: /[/\\]@modelcontextprotocol[/\\]core[/\\]dist[/\\]schemas-[\w-]+\.mjs$/, scope: 'module', least: 166 },
  { file: /[/\\]@modelcontextprotocol[/\\]core[/\\]dist[/\\]auth-[\w-]+\.mjs$/, scope: 'module', least: 14 },
];

/** The files of a package whose two wire sets are each a function of constants that returns them. */
function wireSets(name) {
  const file = new RegExp(String.raw`[/\\]@modelcontextprotocol[/\\]${name}[/\\]dist[/\\]src-[\w-]+\.mjs$`);
  return { file, scope: ['build$1', 'build'], least: 266 };
}

/** What the program's bundle defers: the core's schemas and the client's wire sets. */
export const CLIENT_SCHEMA_FILES = [...CORE_SCHEMA_FILES, wireSets('client')];

/** What the SDK servers among the test fixtures defer: the core's schemas and the server's wire sets. */
export const SERVER_SCHEMA_FILES = [...CORE_SCHEMA_FILES, wireSets('server')];

/** `code` with each edit's range (`start` to `end`, none overlapping) replaced by its `text`. */
export function withEdits(code, edits) {
  let out = code;
  for (const { start, end, text } of [...edits].sort((a, b) => b.start - a.start))
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return out;
}

/** The calls that make the constants among `statements`; `fail` on a statement of another kind. */
function schemaCalls(statements, fail) {
  const calls = [];
  for (const node of statements) {
    if (node.type === 'VariableDeclaration' && node.kind === 'const') {
      for (const { init } of node.declarations) if (init?.type === 'CallExpression') calls.push(init);
    } else if (node.type === 'ExportNamedDeclaration' && node.declaration) {
      fail('an export with a declaration');
    } else if (
      !['ImportDeclaration', 'ExportNamedDeclaration', 'FunctionDeclaration', 'ReturnStatement'].includes(node.type)
    ) {
      fail(`a statement of type ${node.type}`);
    }
  }
  return calls;
}

/** The body statements of the named top-level functions, each ending in `return { … }`. */
function functionBodies(program, names, fail) {
  return names.map((name) => {
    const fn = program.body.find((node) => node.type === 'FunctionDeclaration' && node.id?.name === name);
    if (!fn) fail(`no function ${name}`);
    const body = fn.body.body;
    if (body.at(-1)?.argument?.type !== 'ObjectExpression') fail(`${name} does not return an object`);
    return body;
  });
}

/**
 * `code` of the module at `id` with its schemas deferred, or undefined for a file `files` does not
 * name. `parse` gives the ESTree program of a source; `fail` throws with the reason.
 */
export function deferSchemas(code, id, files, parse, fail) {
  const target = files.find(({ file }) => file.test(id));
  if (!target) return undefined;
  const failed = (why) => fail(`the SDK's schemas changed (${id}): ${why}; see scripts/lazy-sdk-schemas.mjs`);
  const program = parse(code);
  const calls =
    target.scope === 'module'
      ? schemaCalls(program.body, failed)
      : functionBodies(program, target.scope, failed).flatMap((body) => schemaCalls(body, failed));
  if (calls.length < target.least) failed(`${calls.length} schemas made by a call, not ${target.least}`);
  const out = withEdits(
    code,
    calls.map(({ start, end }) => ({ start, end, text: `lazySchema(() => ${code.slice(start, end)})` })),
  );
  return `import { lazySchema } from ${helper};\n${out}`;
}
