// Terminal tables at 60, 80 and 120 columns, drawn in-process from synthetic rows: identifiers
// (tool names, URIs) always whole, other columns giving way first (TITLE before anything), a
// description cut to one line with `…`, a name longer than its column moving the rest of its row
// down, and no line wider than the terminal except a name that cannot be broken.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
import { renderTable, type Column } from '../../src/output/table.js';
import { makeChalk } from '../../src/output/color.js';

interface Tool {
  name: string;
  title?: string;
  description: string;
  required: string;
}

const WIDTHS = [60, 80, 120];
const chalk = makeChalk(0);

const COLUMNS: Column<Tool>[] = [
  { header: 'NAME', value: (t) => t.name, id: true },
  { header: 'TITLE', value: (t) => t.title ?? '', optional: true },
  { header: 'DESCRIPTION', value: (t) => t.description, optional: true, priority: 2 },
  { header: 'REQUIRED', value: (t) => t.required, wrap: true, optional: true, priority: 1 },
];

const WORDS = 'create read update delete list search describe observation namespace resource'.split(' ');

/** Many tools, names from short to long (the longest 70 columns: wider than 60). */
function manyTools(): Tool[] {
  return Array.from({ length: 120 }, (_, i) => {
    const parts = Array.from({ length: 1 + (i % 9) }, (_, k) => WORDS[(i + k) % WORDS.length]);
    return {
      name: `${parts.join('_')}_${i}`,
      title: `The ${parts.join(' ')} tool, number ${i}`,
      description: `${parts.join(' ')} things in the cluster, one at a time or all of them at once.\nMore lines follow.`,
      required: parts.slice(0, 3).join(', '),
    };
  });
}

async function draw(rows: Tool[], columns: number, cols = COLUMNS): Promise<string[]> {
  const text = await renderTable(cols, rows, { tty: true, chalk, columns });
  return text.replace(/\n$/, '').split('\n');
}

/** A row as one line: its lines joined without the indentation of their continuations. */
function joined(row: string): string {
  return row
    .split('\n')
    .map((l, i) => (i === 0 ? l : l.trimStart()))
    .join('');
}

/** The table's lines as one text per row: a row's continuation lines start with spaces. */
function rowsOf(lines: string[]): string[] {
  const rows: string[] = [];
  for (const line of lines.slice(1)) {
    if (/^\S/.test(line)) rows.push(line);
    else rows[rows.length - 1] += `\n${line}`;
  }
  return rows;
}

for (const width of WIDTHS) {
  test(`${width} columns: every name in full at the start of its row, every line within the width`, async () => {
    const tools = manyTools();
    const lines = await draw(tools, width);
    for (const line of lines) assert.ok(stringWidth(line) <= width, `a line of ${stringWidth(line)}:\n${line}`);
    const rows = rowsOf(lines);
    assert.equal(rows.length, tools.length, 'one row per tool');
    tools.forEach((tool, i) => {
      assert.ok(joined(rows[i]!).startsWith(tool.name), `row ${i} starts with ${tool.name}:\n${rows[i]}`);
      if (tool.name.length <= width)
        assert.ok(rows[i]!.startsWith(tool.name), `a name that fits is on one line:\n${rows[i]}`);
    });
  });
}

test('TITLE drops before NAME is touched, then REQUIRED; DESCRIPTION stays', async () => {
  const tools = manyTools();
  const wide = (await draw(tools, 400))[0]!;
  assert.match(wide, /^NAME +TITLE +DESCRIPTION +REQUIRED$/);
  const at120 = (await draw(tools, 120))[0]!;
  assert.ok(!at120.includes('TITLE'), at120);
  // At 200 there is room for a TITLE too, but only by cutting the DESCRIPTION short: it drops.
  assert.ok(!(await draw(tools, 200))[0]!.includes('TITLE'));
  assert.ok(at120.includes('DESCRIPTION'), at120);
  const at60 = (await draw(tools, 60))[0]!;
  assert.match(at60, /^NAME +DESCRIPTION$/);
});

test('a description is cut to its first line, ending with …', async () => {
  const tool = {
    name: 'namespaces_list',
    description: 'List all the namespaces of the cluster you are connected to, with their labels and age',
    required: '',
  };
  const [header, row] = await draw([tool], 60);
  assert.ok(header!.startsWith('NAME'));
  assert.ok(row!.startsWith('namespaces_list  List all the namespaces'), row);
  assert.ok(row!.endsWith('…'), row);
  assert.equal(stringWidth(row!), 60);
  const marked = await renderTable(
    [COLUMNS[0]!, COLUMNS[2]!],
    [{ ...tool, description: 'Short.\nAnd a second line.' }],
    { tty: true, chalk, columns: 60 },
  );
  assert.equal(marked, 'NAME             DESCRIPTION\nnamespaces_list  Short. …\n');
});

test('names as wide as the terminal leave the other rows their descriptions', async () => {
  const long = 'a_tool_whose_name_is_very_long_indeed_and_wider_than_most_terminal_columns';
  const tools = [
    { name: 'echo', description: 'Echoes back the input you give it', required: '' },
    { name: long, description: 'Does a great many things', required: '' },
    { name: 'add', description: 'Adds two numbers', required: '' },
  ];
  const lines = await draw(tools, 60);
  assert.equal(lines[0], 'NAME  DESCRIPTION');
  assert.equal(lines[1], 'echo  Echoes back the input you give it');
  // The name is wider than the terminal: it breaks after its own underscores, and its
  // description follows on the next line in its column.
  const rows = rowsOf(lines);
  const second = rows[1]!.split('\n');
  assert.equal(second.map((l) => l.trim()).join(''), `${long}Does a great many things`);
  for (const line of second) assert.ok(stringWidth(line) <= 60, line);
  assert.equal(second.at(-1), '      Does a great many things');
  assert.equal(lines.at(-1), 'add   Adds two numbers');
});

test('a name longer than its column spills: the rest of its row moves to the next line', async () => {
  const tools = [
    { name: 'short', description: 'a '.repeat(40).trim(), required: '' },
    { name: 'x'.repeat(45), description: 'the long one', required: '' },
  ];
  const lines = await draw(tools, 60);
  assert.equal(lines[2], 'x'.repeat(45), 'the long name alone on its line, whole');
  assert.match(lines[3]!, /^ +the long one$/);
  const descriptionColumn = lines[0]!.indexOf('DESCRIPTION');
  assert.equal(lines[3]!.indexOf('the long one'), descriptionColumn, 'in the DESCRIPTION column');
  assert.ok(descriptionColumn < 45, 'the NAME column is narrower than the longest name');
});

test('a name wider than the terminal is shown whole before the rest of its row, each line as full as fits', async () => {
  const long = `${'abcdefghij'.repeat(9)}_family_name`;
  const tools = [
    { name: 'n'.repeat(30), description: 'first', required: '' },
    { name: long, description: 'second', required: '' },
  ];
  const lines = await draw(tools, 80);
  assert.deepEqual(lines.slice(1), [
    `${'n'.repeat(30)}  first`,
    'abcdefghij'.repeat(8),
    '  abcdefghij_family_name',
    `${' '.repeat(32)}second`,
  ]);
  // The same in a tasks table (a long task id) and in the all-servers view (`server › tool`).
  const tasks: Column<{ id: string; status: string }>[] = [
    { header: 'TASK', value: (t) => t.id, id: true },
    { header: 'STATUS', value: (t) => t.status },
  ];
  const id = `task-${'0123456789'.repeat(6)}-final`;
  const taskLines = (
    await renderTable(
      tasks,
      [
        { id, status: 'working' },
        { id: 't1', status: 'done' },
      ],
      { tty: true, chalk, columns: 40 },
    )
  ).split('\n');
  assert.equal(taskLines.at(-3), `${' '.repeat(6)}working`, taskLines.join('\n'));
  assert.equal(joined(taskLines.slice(1, -3).join('\n')), id);
  const all = tools.map((t) => ({ ...t, name: `chart › ${t.name}` }));
  const allLines = await draw(all, 80);
  assert.equal(allLines.at(-1), `${' '.repeat(40)}second`, allLines.join('\n'));
  assert.equal(allLines.slice(2, -1).join('').replace(/ /g, ''), all[1]!.name.replace(/ /g, ''), allLines.join('\n'));
});

test('a name without separators wider than the terminal wraps by characters, nothing left out', async () => {
  const name = `${'n'.repeat(50)}${'m'.repeat(40)}`;
  const lines = await draw([{ name, description: 'd', required: '' }], 60);
  for (const line of lines) assert.ok(stringWidth(line) <= 60, line);
  assert.equal(lines[1], 'n'.repeat(50) + 'm'.repeat(10));
  assert.equal(joined(lines.slice(1).join('\n')), `${name}d`);
});

test('URIs are identifiers too; a server › tool name of the all-servers view is never cut', async () => {
  const cols: Column<{ uri: string; name: string }>[] = [
    { header: 'URI', value: (r) => r.uri, id: true },
    { header: 'NAME', value: (r) => r.name, priority: 3 },
  ];
  const uri = 'file:///home/someone/projects/a-rather-deep/path/to/some/resource.txt';
  const lines = (await renderTable(cols, [{ uri, name: 'resource' }], { tty: true, chalk, columns: 60 })).trimEnd();
  for (const line of lines.split('\n')) assert.ok(stringWidth(line) <= 60, line);
  const pieces = lines.split('\n').slice(1);
  assert.equal(pieces.map((l) => l.trim()).join(''), `${uri}resource`, lines);
  assert.ok(pieces[0]!.startsWith('file:///home/'), 'broken only after its own separators');
  assert.ok(pieces[1]!.startsWith('  '), 'the rest of the URI indented under its start');
  const all = manyTools().map((t) => ({ ...t, name: `chart › ${t.name}` }));
  for (const width of WIDTHS) {
    const rows = rowsOf(await draw(all, width));
    all.forEach((t, i) => assert.ok(joined(rows[i]!).startsWith(t.name), rows[i]));
  }
});

test('an identifier column after the others (skills: NAME … URI) keeps its width before they do', async () => {
  const cols: Column<{ name: string; description: string; size: string; uri: string }>[] = [
    { header: 'NAME', value: (s) => s.name, id: true },
    { header: 'DESCRIPTION', value: (s) => s.description, optional: true, priority: 2 },
    { header: 'SIZE', value: (s) => s.size },
    { header: 'URI', value: (s) => s.uri, id: true },
  ];
  const skills = [
    {
      name: 'pdf-forms',
      description: 'Fill in PDF forms from structured data, checking each field against its schema',
      size: '12040',
      uri: 'skill://pdf-forms/SKILL.md',
    },
    {
      name: 'git-commit-messages',
      description: 'Write commit messages in the voice of the project',
      size: 'dynamic',
      uri: 'skill://skills.example.com/git-commit-messages/SKILL.md',
    },
  ];
  const at = async (columns: number): Promise<string[]> =>
    (await renderTable(cols, skills, { tty: true, chalk, columns })).trimEnd().split('\n');
  const wide = await at(120);
  // SIZE gives way to a DESCRIPTION it would cut short (its priority is lower); the URI never.
  assert.match(wide[0]!, /^NAME +DESCRIPTION +URI$/);
  skills.forEach((s, i) =>
    assert.ok(wide[i + 1]!.startsWith(s.name) && wide[i + 1]!.endsWith(`  ${s.uri}`), wide.join('\n')),
  );
  // At 80 the URIs fit beside the names: the other columns give way, not the URI.
  const mid = await at(80);
  assert.deepEqual(mid, [
    'NAME                 URI',
    'pdf-forms            skill://pdf-forms/SKILL.md',
    'git-commit-messages  skill://skills.example.com/git-commit-messages/SKILL.md',
  ]);
  // At 40 the long URI is wider than what is left of the line: it breaks after its own `/`, `-`…,
  // never a character a line, and the short one stays whole.
  const narrow = await at(40);
  for (const line of narrow) assert.ok(stringWidth(line) <= 40, line);
  assert.ok(
    narrow.some((l) => l.endsWith(' skill://pdf-forms/SKILL.md')),
    narrow.join('\n'),
  );
  const long = narrow.slice(narrow.indexOf('git-commit-messages') + 1).map((l) => l.trim());
  assert.equal(long.join(''), skills[1]!.uri, narrow.join('\n'));
  for (const piece of long.slice(0, -1)) assert.match(piece, /[_\-./:]$/, narrow.join('\n'));
});

test('a wrapped column wraps at spaces; no borders, no trailing spaces', async () => {
  const cols: Column<{ name: string; note: string }>[] = [
    { header: 'NAME', value: (r) => r.name, id: true },
    { header: 'NOTE', value: (r) => r.note, wrap: true },
  ];
  const note = 'one two three four five six seven eight nine ten eleven twelve';
  const lines = (await renderTable(cols, [{ name: 'x', note }], { tty: true, chalk, columns: 24 })).split('\n');
  assert.deepEqual(lines, [
    'NAME  NOTE',
    'x     one two three four',
    '      five six seven',
    '      eight nine ten',
    '      eleven twelve',
    '',
  ]);
});

test('in a pipe: tab-separated, nothing cut, nothing dropped', async () => {
  const tools = manyTools();
  const text = await renderTable(COLUMNS, tools, { tty: false, chalk });
  const rows = text.trimEnd().split('\n');
  assert.equal(
    rows[5],
    [tools[5]!.name, tools[5]!.title, tools[5]!.description.replace('\n', ' '), tools[5]!.required].join('\t'),
  );
});

test('wide characters take two columns: names and descriptions in CJK or emoji still fit', async () => {
  const tools = [
    {
      name: '検索_ツール',
      description: '日本語の説明がここに入ります、とても長い説明です。さらに続きます。',
      required: '',
    },
    { name: 'emoji_🙂_tool', description: `Says 🙂 ${'and more 🎉 '.repeat(8)}`, required: '' },
    { name: 'plain', description: 'An ASCII description', required: '' },
  ];
  const lines = await draw(tools, 40);
  for (const line of lines) assert.ok(stringWidth(line) <= 40, `a line ${stringWidth(line)} columns wide:\n${line}`);
  const descriptionColumn = lines[0]!.indexOf('DESCRIPTION');
  // The NAME column is as wide as the widest name on screen: 検索_ツール is 11 columns, 6 characters.
  assert.equal(descriptionColumn, stringWidth('emoji_🙂_tool') + 2);
  assert.ok(lines[1]!.startsWith('検索_ツール'), lines[1]);
  assert.ok(lines[1]!.endsWith('…'), `cut where the wide text passes 40 columns: ${lines[1]}`);
  assert.equal(lines[3], 'plain          An ASCII description');
  // In colour the same table: colour codes take no columns.
  const coloured = await renderTable(COLUMNS, tools, { tty: true, chalk: makeChalk(1), columns: 40 });
  assert.notEqual(coloured, `${lines.join('\n')}\n`, 'the header is drawn in colour');
  assert.equal(stripVTControlCharacters(coloured), `${lines.join('\n')}\n`);
});
