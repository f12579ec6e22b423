// Short functions, each one job: no function in src/ or commands/ runs over 100 lines, counted
// by TypeScript's own parser from the first line of the declaration to the closing brace.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from '../helpers/run.js';

const LIMIT = 100;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sources(file);
    else if (entry.name.endsWith('.ts')) yield file;
  }
}

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name !== undefined) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every function with a body, as `file name` and its length in lines. */
function functionLengths(file: string): { name: string; line: number; lines: number }[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; line: number; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({
        name: `${file} ${nameOf(node as ts.FunctionLikeDeclaration)}`,
        line: first + 1,
        lines: last - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test(`no function in src/ or commands/ is over ${LIMIT} lines`, () => {
  const all = [...sources('src'), ...sources('commands')].flatMap(functionLengths);
  assert.ok(all.length > 500, `only ${all.length} functions read`);
  const offenders = all
    .filter((f) => f.lines > LIMIT)
    .map((f) => `${f.name.replace(' ', `:${f.line} `)} (${f.lines} lines)`);
  assert.deepEqual(offenders, [], `split these into functions of one job each:\n${offenders.join('\n')}`);
});
