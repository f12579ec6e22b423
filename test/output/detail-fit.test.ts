// The one-tool view at 60, 80 and 120 columns, rendered in-process: a long description and
// long argument descriptions wrapped at word boundaries to the width, each argument's text
// indented under its name, the example call wrapped between words with `\` so it still pastes;
// in a pipe nothing wraps.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
import type { Tool } from '@modelcontextprotocol/client';
import { renderToolDetail } from '../../src/output/tool-detail.js';
import { makeChalk } from '../../src/output/color.js';

const chalk = makeChalk(0);
const PREFIX = ['mcpctl', '-c', 'configs/team/servers.json', 'call', 'kubernetes'];

const LONG =
  'Get the logs of a pod in the current namespace, or in the namespace given, following them as they are written when asked to, with the timestamps the container runtime recorded for each line and the name of the container when the pod has more than one.';

const TOOL: Tool = {
  name: 'pods_log_with_a_rather_long_tool_name',
  description: `${LONG}\n\nWhat it needs:\n- a pod name, as \`kubectl get pods\` prints it, which may be long enough to need a line of its own, even on a wide terminal, when it is one of the long names a deployment gives its pods\n- a namespace`,
  inputSchema: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', description: 'Name of the pod' },
      namespace: { type: 'string', description: LONG },
      options: {
        type: 'object',
        properties: { container_name_when_there_are_several: { type: 'string', description: LONG } },
      },
    },
  },
};

const words = (text: string) => text.replace(/\\\n/g, ' ').split(/\s+/).filter(Boolean);

async function render(columns: number | undefined): Promise<string[]> {
  const text = await renderToolDetail(TOOL, { chalk, tty: columns !== undefined, columns, callPrefix: PREFIX });
  return text.replace(/\n$/, '').split('\n');
}

for (const width of [60, 80, 120]) {
  test(`${width} columns: no line wider, the text whole and in order`, async () => {
    const lines = await render(width);
    for (const line of lines) assert.ok(stringWidth(line) <= width, `a line of ${stringWidth(line)}:\n${line}`);
    const text = lines.join('\n');
    assert.ok(words(text).join(' ').includes(words(TOOL.description!).join(' ')), 'the description, every word');
    assert.match(text, /^- a pod name, as `kubectl get pods` prints it,/m);
    const bullet = lines.findIndex((l) => l.startsWith('- a pod name'));
    assert.match(lines[bullet + 1]!, /^ {2}\S/, 'a list item wraps under its text');

    const namespace = lines.findIndex((l) => /^ {2}namespace +string, optional$/.test(l));
    assert.ok(namespace > 0, `the namespace argument on a line of its own:\n${text}`);
    const under = [];
    for (let i = namespace + 1; lines[i]!.startsWith('    ') && !lines[i]!.trim().startsWith('options'); i++)
      under.push(lines[i]!);
    assert.ok(under.length >= 2, 'its description wraps onto lines of its own');
    assert.ok(
      under.every((l) => /^ {4}\S/.test(l)),
      `indented under its name:\n${under.join('\n')}`,
    );
    assert.equal(words(under.join(' ')).join(' '), words(LONG).join(' '));
    assert.match(text, /^ {2}name +string, required {2}Name of the pod$/m, 'a short one stays on its line');
    assert.match(text, /^ {4}options\.container_name_when_there_are_several/m);
    assert.match(text, /^ {6}Get the logs/m, 'a nested argument’s text indented under it');

    const from = lines.indexOf('Example:') + 1;
    const example = lines.slice(from).join('\n');
    assert.ok(example.startsWith('  mcpctl -c configs/team/servers.json call kubernetes'), example);
    assert.deepEqual(words(example).slice(0, 6), [...PREFIX, TOOL.name]);
  });
}

test('in a pipe nothing wraps: the description as sent, one line per argument', async () => {
  const lines = await render(undefined);
  assert.ok(lines.includes(LONG), 'the long paragraph on one line');
  assert.ok(lines.some((l) => /^ {2}namespace +string, optional {2}Get the logs.*one\.$/.test(l)));
  assert.equal(lines.filter((l) => l.includes('\\')).length, 0, 'the example on one line');
});
