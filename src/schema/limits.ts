// How deep and how large one entry a server sends (a tool with its schemas, a resource, a
// prompt) may be before mcpctl sets it aside. Every later step walks schemas recursively (the
// SDK's shape check, ajv's compiler, argument typing, rendering): a tool nested 1 000 levels deep
// overflowed the stack there and took every command on its server down with it. The walk here is
// iterative, so it cannot overflow itself.

/** JSON nesting levels (objects and arrays); a schema level with `properties` takes two. */
export const MAX_DEPTH = 128;
/** JSON values in one entry: a tool of 200 described properties has about 600. */
export const MAX_VALUES = 100_000;

/** Why `value` is beyond the limits, in words that fit after "it is"; undefined when within them. */
export function sizeProblem(value: unknown): string | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  let values = 0;
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    values++;
    if (values > MAX_VALUES) return `larger than ${MAX_VALUES} JSON values`;
    const { node, depth } = item;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= MAX_DEPTH) return `nested more than ${MAX_DEPTH} levels deep`;
    for (const child of Object.values(node)) stack.push({ node: child, depth: depth + 1 });
  }
  return undefined;
}
