// `mcpctl prompts`: lists followed across pages, getting a prompt with its arguments checked
// before sending, messages role by role with other content summarised, completions, JSON.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { run, jsonError } from '../helpers/run.js';
import { callProject, shareCallFixture, shareEverything } from '../helpers/call-project.js';

const project = callProject();
shareEverything(project);
const fixture = shareCallFixture(project);
const opts = (extra: Parameters<typeof run>[1] = {}) => ({
  cwd: project.dir,
  home: project.home,
  env: project.env,
  ...extra,
});

test('prompts follows every page and shows the arguments, required ones marked; --limit stops early', async () => {
  const r = await run(['prompts', 'legacy'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(
    r.stdout
      .replace(/\n$/, '')
      .split('\n')
      .map((l) => l.split('\t')),
    [
      ['greet', 'Greets someone', 'name*, tone'],
      ['plain', 'Takes no arguments', ''],
      ['rich', 'Messages of several content types', ''],
    ],
  );
  const limited = await run(['prompts', 'legacy', '--limit', '1', '--json'], opts());
  assert.deepEqual(
    (JSON.parse(limited.stdout) as { prompts: { name: string }[] }).prompts.map((p) => p.name),
    ['greet'],
  );
});

test('a prompt prints its messages role by role', async () => {
  const r = await run(['prompts', 'legacy', 'greet', 'name=Bo', 'tone=warm'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'user:\nSay hello to Bo, warmly.\nassistant:\nHello, Bo!\n');
});

test('other content in messages is summarised; embedded text is shown', async () => {
  const r = await run(['prompts', 'legacy', 'rich', '--no-color'], opts({ tty: true }));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    'user:\n[image] image/png, 16 B\n\nuser:\n[resource] fixture://notes.txt (text/plain)\nembedded words\n',
  );
});

test('a missing required argument is exit 2 and nothing is sent; unknown ones get a suggestion', async () => {
  const log = fixture.log();
  const r = await run(['prompts', 'legacy', 'greet', 'nmae=Bo', '--json'], opts());
  assert.equal(r.code, 2);
  const message = jsonError(r.stderr).error.message;
  assert.match(message, /missing required argument "name"/);
  assert.match(message, /unknown argument "nmae" \(did you mean "name"\?\)/);
  assert.equal(log.text(), '');
  // The same log records a prompt that is sent: the check above can see one.
  const valid = await run(['prompts', 'legacy', 'greet', 'name=Bo'], opts());
  assert.equal(valid.code, 0, valid.stderr);
  assert.equal(log.text(), 'prompts/get greet\n');
});

test('an unknown prompt is exit 2 with a suggestion', async () => {
  const r = await run(['prompts', 'legacy', 'gree'], opts());
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no prompt "gree" \(did you mean "greet"\?\)/);
});

test('prompts SERVER PROMPT --json prints the GetPromptResult, in both eras', async () => {
  for (const server of ['legacy', 'modern']) {
    const r = await run(['prompts', server, 'greet', 'name=Bo', '--json'], opts());
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      description: 'a greeting',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Say hello to Bo.' } },
        { role: 'assistant', content: { type: 'text', text: 'Hello, Bo!' } },
      ],
    });
  }
});

test('server-everything prompts: list, arguments, embedded resource', async () => {
  const list = await run(['prompts', 'everything'], opts());
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^args-prompt\t.*\tcity\*, state$/m);
  const args = await run(['prompts', 'everything', 'args-prompt', 'city=Paris', 'state=TX'], opts());
  assert.equal(args.code, 0, args.stderr);
  assert.match(args.stdout, /^user:\n.*Paris, TX/m);
  const resource = await run(
    ['prompts', 'everything', 'resource-prompt', 'resourceType=Text', 'resourceId=1', '--no-color'],
    opts({ tty: true }),
  );
  assert.equal(resource.code, 0, resource.stderr);
  assert.match(resource.stdout, /^\[resource\] demo:\/\/resource\/dynamic\/text\/1 \(text\/plain\)$/m);
});

test("--complete prints the server's suggestions, narrowed by the arguments already given", async () => {
  const departments = await run(['prompts', 'everything', 'completable-prompt', '--complete', 'department=S'], opts());
  assert.equal(departments.code, 0, departments.stderr);
  assert.equal(departments.stdout, 'Sales\nSupport\n');
  const names = await run(
    ['prompts', 'everything', 'completable-prompt', 'department=Engineering', '--complete', 'name='],
    opts(),
  );
  assert.equal(names.stdout, 'Alice\nBob\nCharlie\n');
  const json = await run(
    ['prompts', 'everything', 'completable-prompt', '--complete', 'department=Ma', '--json'],
    opts(),
  );
  assert.deepEqual((JSON.parse(json.stdout) as { completion: { values: string[] } }).completion.values, ['Marketing']);
  const bad = await run(['prompts', 'everything', 'completable-prompt', '--complete', 'team=x'], opts());
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /has no argument "team"/);
});
