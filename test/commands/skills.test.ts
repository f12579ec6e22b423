// `mcpctl skills`: listing (no file read), one skill printed whole after its size, digest and
// frontmatter check, each kind of tampering refused (exit 5, what differs named, nothing
// printed), in both eras; and `status -v` showing a server's instructions in full. The skill
// fixture is served over Streamable HTTP by this process for the whole file, in each era.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, jsonError, ROOT } from '../helpers/run.js';
import { GOOD_SKILL, INSTRUCTIONS } from '../fixtures/skill-data.js';
import { serveSkillHttp } from '../fixtures/skill-server.js';
import type { RunningHttpServer } from '../fixtures/node-http.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-skills-'));
const config = path.join(dir, 'servers.json');
/** The skill files the fixture was asked for (`read URI`), in order. */
const skillReads: string[] = [];
const servers: RunningHttpServer[] = [];
before(async () => {
  const record = (line: string) => void skillReads.push(line);
  const [legacy, modern] = await Promise.all([serveSkillHttp('legacy', record), serveSkillHttp('modern', record)]);
  servers.push(legacy, modern);
  const headerServer = path.join(ROOT, 'dist', 'test', 'fixtures', 'header-server.js');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        legacy: { url: legacy.url },
        modern: { url: modern.url, protocolVersion: '2026-07-28' },
        skill_less: { command: process.execPath, args: [headerServer] },
      },
    }),
  );
});
after(() => Promise.all(servers.map((s) => s.close())));
const mcpctl = (args: string[], extra: Parameters<typeof run>[1] = {}) =>
  run(['-c', config, ...args], { cwd: dir, home: dir, env: { PATH: process.env.PATH, HOME: dir }, ...extra });
const reads = () => [...skillReads];

for (const server of ['legacy', 'modern']) {
  test(`${server}: skills SERVER lists name, description, size and URI, reading no skill file`, async () => {
    skillReads.length = 0;
    const r = await mcpctl(['skills', server]);
    assert.equal(r.code, 0, r.stderr);
    const rows = r.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    assert.deepEqual(rows[0], [
      'good',
      'Writes good reports',
      String(Buffer.byteLength(GOOD_SKILL) + Buffer.byteLength('Short sentences.\n')),
      'skill://fixture/good/SKILL.md',
    ]);
    assert.deepEqual(
      rows.map((row) => row[0]),
      ['good', 'resized', 'altered', 'relabelled'],
    );
    assert.deepEqual(reads(), []);
  });

  test(`${server}: skills SERVER --json is spec-shaped`, async () => {
    const r = await mcpctl(['skills', server, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const { skills } = JSON.parse(r.stdout) as {
      skills: {
        uri: string;
        frontmatter: { name: string; description: string };
        resources: { uri: string; digest: string; size: number }[];
      }[];
    };
    const good = skills[0]!;
    assert.deepEqual(good.frontmatter, { name: 'good', description: 'Writes good reports' });
    assert.deepEqual(
      good.resources.map((f) => [f.uri, f.size]),
      [
        ['skill://fixture/good/SKILL.md', Buffer.byteLength(GOOD_SKILL)],
        ['skill://fixture/good/references/style.md', 17],
      ],
    );
    assert.match(good.resources[0]!.digest, /^sha256:[0-9a-f]{64}$/);
    assert.ok(!('ttlMs' in JSON.parse(r.stdout)), 'cache hints are stripped');
  });

  test(`${server}: skills SERVER NAME prints SKILL.md exactly, reading only that file`, async () => {
    skillReads.length = 0;
    const r = await mcpctl(['skills', server, 'good']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, GOOD_SKILL);
    assert.deepEqual(reads(), ['read skill://fixture/good/SKILL.md']);
  });

  test(`${server}: a skill that does not match its entry is exit 5, naming what differs, printing nothing`, async () => {
    const cases: Array<[string, RegExp]> = [
      ['resized', /its size differs .*85 bytes; the skill entry lists 71/],
      ['altered', /its digest differs .*sha256:/],
      [
        'relabelled',
        /its frontmatter differs: description: the entry has "What the entry says", SKILL.md has "What the file says"/,
      ],
    ];
    for (const [name, what] of cases) {
      const r = await mcpctl(['skills', server, name, '--json']);
      assert.equal(r.code, 5, name);
      assert.equal(r.stdout, '');
      const error = jsonError(r.stderr).error;
      assert.equal(error.kind, 'protocol');
      assert.match(error.message, new RegExp(`skill "${name}"`));
      assert.match(error.message, what);
    }
  });
}

test('an unknown skill is exit 2 with the list to look at; a server without skills is exit 2', async () => {
  const unknown = await mcpctl(['skills', 'legacy', 'goood', '--json']);
  assert.equal(unknown.code, 2);
  assert.match(jsonError(unknown.stderr).error.message, /no skill "goood".*good/);
  const none = await mcpctl(['skills', 'skill_less', '--json']);
  assert.equal(none.code, 2);
  assert.match(jsonError(none.stderr).error.message, /does not offer skills/);
});

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The lines under a label, up to the next blank line. */
function instructionsBlock(stdout: string, label: string): string[] {
  const lines = stdout.split('\n');
  const from = lines.indexOf(label) + 1;
  assert.ok(from > 0, `"${label}" in:\n${stdout}`);
  const to = lines.indexOf('', from);
  return lines.slice(from, to < 0 ? undefined : to);
}

test('status SERVER on a terminal wraps the instructions to its width, under their label', async () => {
  for (const columns of [60, 120]) {
    const r = await mcpctl(['status', 'legacy', '--no-color'], { tty: true, columns });
    assert.equal(r.code, 0, r.stderr);
    for (const line of r.stdout.split('\n')) assert.ok(line.length <= columns, `wider than ${columns}: ${line}`);
    const block = instructionsBlock(r.stdout, 'Instructions:');
    assert.deepEqual(words(block.join(' ')), words(INSTRUCTIONS));
    assert.ok(block.every((l) => l.startsWith('  ')));
  }
});

test('status -v shows the instructions in full (stdout on a terminal, stderr in a pipe)', async () => {
  const tty = await mcpctl(['status', 'legacy', 'skill_less', '-v', '--no-color'], { tty: true, columns: 80 });
  assert.equal(tty.code, 0, tty.stderr);
  const block = instructionsBlock(tty.stdout, 'Instructions of legacy:');
  assert.deepEqual(words(block.join(' ')), words(INSTRUCTIONS), 'every word, in order');
  for (const line of block) assert.ok(line.startsWith('  ') && line.length <= 80, `wrapped to 80, indented:\n${line}`);
  assert.ok(block.length > INSTRUCTIONS.split('\n').length, 'the long line wraps');
  const piped = await mcpctl(['status', 'legacy', 'skill_less', '-v']);
  assert.equal(piped.code, 0, piped.stderr);
  assert.ok(piped.stderr.includes(INSTRUCTIONS));
  assert.equal(piped.stdout.trimEnd().split('\n').length, 2, 'stdout keeps one row per server');
  const quiet = await mcpctl(['status', 'legacy', 'skill_less'], { tty: true, columns: 200 });
  assert.ok(!quiet.stdout.includes('The last line.'));
});
