// `mcpctl call`: every argument form reaching the server typed by the schema, checks before
// sending, every content type in each output mode, isError and outputSchema exit codes,
// progress, server logs, elicitation in both eras, sampling, roots, and large results through
// real pipes. Against server-everything and our call fixture (each over Streamable HTTP, one for
// the file), -filesystem and -memory; the call fixture over stdio where the stdio session is what
// is checked (its idle timeout, its message cap, a 20 MB answer read from a pipe).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run, runBin, jsonError, BIN } from '../helpers/run.js';
import { callProject, FIXTURE, shareCallFixture, shareEverything } from '../helpers/call-project.js';
import { AUDIO_BYTES, IMAGE_BYTES, binaryBytes } from '../fixtures/call-data.js';

const project = callProject();
const everything = shareEverything(project);
const fixture = shareCallFixture(project);
const opts = (extra: Parameters<typeof run>[1] = {}) => ({
  cwd: project.dir,
  home: project.home,
  env: project.env,
  ...extra,
});
/** A config (for -c) naming the call fixture over stdio as `name`, with `settings` for it. */
function stdioFixture(name: string, settings: Record<string, unknown> = {}): string {
  const file = path.join(project.dir, `${name}-stdio.json`);
  const server = { command: process.execPath, args: [FIXTURE, 'legacy'], ...settings };
  writeFileSync(file, JSON.stringify({ mcpServers: { [name]: server } }));
  return file;
}

test('key=value words are typed by the inputSchema before they reach the server', async () => {
  const r = await run(
    ['call', 'legacy', 'types', 'zip=01234', 'count=3', 'ratio=.5', 'on=true', 'tags=a', 'tags=b'],
    opts(),
  );
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { zip: '01234', count: 3, ratio: 0.5, on: true, tags: ['a', 'b'] });
});

test('--args-file, --args, key:=json and key=@file merge into one arguments object', async () => {
  writeFileSync(path.join(project.dir, 'args.json'), JSON.stringify({ zip: 'from-file', count: 1 }));
  writeFileSync(path.join(project.dir, 'zip.txt'), '99501');
  const r = await run(
    [
      'call',
      'legacy',
      'types',
      '--args-file',
      'args.json',
      '--args',
      '{"count":2,"on":false}',
      'tags:=["x","y"]',
      'zip=@zip.txt',
    ],
    opts(),
  );
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { zip: '99501', count: 2, on: false, tags: ['x', 'y'] });
});

test('- with a standard input that does not end: exit 124 at --timeout, naming standard input', {
  timeout: 60_000,
}, async () => {
  const open = new PassThrough();
  open.write('{"zip":');
  const r = await run(['call', 'legacy', 'types', '-', '--timeout', '2'], opts({ stdin: open }));
  open.destroy();
  assert.equal(r.code, 124, r.stderr);
  assert.match(r.stderr, /standard input did not end within --timeout 2s/);
});

test('- reads the arguments as a JSON object from stdin', async () => {
  const r = await run(['call', 'legacy', 'types', '-'], opts({ stdin: '{"zip":"02134","ratio":2.5}' }));
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { zip: '02134', ratio: 2.5 });
});

test('arguments that break the inputSchema are exit 2 and nothing is sent', async () => {
  const log = fixture.log();
  const r = await run(['call', 'legacy', 'types', 'count=many', '--json'], opts());
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  const err = jsonError(r.stderr).error;
  assert.equal(err.kind, 'usage');
  assert.match(err.message, /count/);
  assert.match(err.message, /zip/);
  assert.doesNotMatch(log.text(), /tools\/call/);
  // The same log records a call that is sent: the check above can see one.
  const valid = await run(['call', 'legacy', 'types', 'zip=1', 'count=2'], opts());
  assert.equal(valid.code, 0, valid.stderr);
  assert.equal(log.text(), 'tools/call types\n');
});

test('--no-validate sends arguments the schema would refuse', async () => {
  const r = await run(['call', 'legacy', 'types', 'count=many', '--no-validate'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { count: 'many' });
});

test('an unknown tool is exit 2 with a suggestion', async () => {
  const r = await run(['call', 'legacy', 'type'], opts());
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no tool "type" \(did you mean "types"\?\)/);
  assert.match(r.stderr, /mcpctl tools legacy/);
});

test('a tool disabled by the config is refused without calling it', async () => {
  const log = fixture.log();
  const r = await run(['call', 'legacy', 'hidden'], opts());
  assert.equal(r.code, 2);
  assert.match(r.stderr, /tool "hidden" of server "legacy" is disabled by the config/);
  assert.equal(log.text(), '');
  // The same log records a call that is sent: the check above can see one.
  const allowed = await run(['call', 'legacy', 'types', 'zip=1'], opts());
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(log.text(), 'tools/call types\n');
});

test('SERVER__TOOL works as one word', async () => {
  const r = await run(['call', 'legacy__types', 'zip=1'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { zip: '1' });
});

test('in a pipe stdout carries the text blocks joined by newlines, nothing else', async () => {
  const echo = await run(['call', 'everything', 'echo', 'message=hello there'], opts());
  assert.equal(echo.code, 0, echo.stderr);
  assert.equal(echo.stdout, 'Echo: hello there\n');
  const media = await run(['call', 'legacy', 'media'], opts());
  assert.equal(media.code, 0, media.stderr);
  assert.equal(media.stdout, 'all the kinds\n');
});

test('on a terminal every content type is shown: binaries summarised, embedded text, structuredContent', async () => {
  const r = await run(['call', 'legacy', 'media', '--no-color'], opts({ tty: true }));
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.equal(lines[0], 'all the kinds');
  assert.equal(lines[1], '[image] image/png, 16 B');
  assert.equal(lines[2], `[audio] audio/wav, ${AUDIO_BYTES.length} B`);
  assert.equal(lines[3], '[resource link] fixture://text (text, text/plain)');
  assert.equal(lines[4], '[resource] fixture://notes.txt (text/plain)');
  assert.equal(lines[5], 'embedded words');
  assert.equal(lines[6], '[resource] fixture://blob.bin (application/octet-stream, 300 B binary)');
  assert.equal(lines[7], 'structuredContent:');
  assert.deepEqual(JSON.parse(lines.slice(8).join('\n')), { kinds: 6 });
  assert.match(r.stderr, /--save-dir DIR writes images, audio and blobs/);
});

test('structuredContent is not repeated when a text block already carries it', async () => {
  const r = await run(
    ['call', 'everything', 'get-structured-content', 'location=Chicago', '--no-color'],
    opts({ tty: true }),
  );
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /structuredContent:/);
  assert.match(r.stdout, /"temperature"/);
});

test('server-everything content types on a terminal: image, resource links, embedded resource', async () => {
  const image = await run(['call', 'everything', 'get-tiny-image', '--no-color'], opts({ tty: true }));
  assert.equal(image.code, 0, image.stderr);
  assert.match(image.stdout, /^\[image\] image\/png, \d+(\.\d)? kB$/m);
  const links = await run(['call', 'everything', 'get-resource-links', 'count=2', '--no-color'], opts({ tty: true }));
  assert.equal(links.code, 0, links.stderr);
  assert.equal(links.stdout.match(/^\[resource link\] demo:\/\/resource\//gm)?.length, 2);
  const embedded = await run(
    ['call', 'everything', 'get-resource-reference', 'resourceType=Text', 'resourceId=3', '--no-color'],
    opts({ tty: true }),
  );
  assert.equal(embedded.code, 0, embedded.stderr);
  assert.match(embedded.stdout, /^\[resource\] demo:\/\/resource\/dynamic\/text\/3 \(text\/plain\)\nResource 3: /m);
});

test('--save-dir writes images, audio and blobs byte for byte and says where', async () => {
  const dir = path.join(project.dir, 'saved');
  const r = await run(['call', 'legacy', 'media', '--save-dir', 'saved'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'all the kinds\n');
  assert.deepEqual(readdirSync(dir).sort(), ['blob.bin', 'media-2.png', 'media-3.wav']);
  assert.deepEqual(readFileSync(path.join(dir, 'media-2.png')), IMAGE_BYTES);
  assert.deepEqual(readFileSync(path.join(dir, 'media-3.wav')), AUDIO_BYTES);
  assert.deepEqual(readFileSync(path.join(dir, 'blob.bin')), binaryBytes().subarray(0, 300));
  assert.match(r.stderr, new RegExp(`saved ${path.join(dir, 'media-2.png').replace(/[.]/g, '\\.')}`));
});

test('--json prints the whole CallToolResult, without transport-only fields', async () => {
  for (const server of ['legacy', 'modern']) {
    const r = await run(['call', server, 'media', '--json'], opts());
    assert.equal(r.code, 0, r.stderr);
    const result = JSON.parse(r.stdout) as { content: { type: string }[]; structuredContent: unknown; _meta?: unknown };
    assert.deepEqual(
      result.content.map((c) => c.type),
      ['text', 'image', 'audio', 'resource_link', 'resource', 'resource'],
    );
    assert.deepEqual(result.structuredContent, { kinds: 6 });
    assert.equal(result._meta, undefined, `${server}: _meta left in`);
  }
});

test('--structured prints structuredContent only; a tool without it is an error', async () => {
  const r = await run(['call', 'legacy', 'good-output', '--structured'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { count: 3 });
  const none = await run(['call', 'everything', 'echo', 'message=x', '--structured'], opts());
  assert.equal(none.code, 2);
  assert.match(none.stderr, /returned no structuredContent/);
});

test('isError: the content still shows (stderr in a pipe) and the exit code is 6', async () => {
  const piped = await runBin(['call', 'legacy', 'fails'], { cwd: project.dir, env: project.env });
  assert.equal(piped.code, 6);
  assert.equal(piped.stdout, '');
  assert.match(piped.stderr, /^disk is full$/m);
  assert.match(piped.stderr, /tool "fails" of server "legacy" reported an error/);
  const terminal = await run(['call', 'legacy', 'fails', '--no-color'], opts({ tty: true }));
  assert.equal(terminal.code, 6);
  assert.equal(terminal.stdout, 'disk is full\n');
  const json = await run(['call', 'legacy', 'fails', '--json'], opts());
  assert.equal(json.code, 6);
  assert.equal((JSON.parse(json.stdout) as { isError: boolean }).isError, true);
  assert.equal(jsonError(json.stderr).error.kind, 'tool');
  const structured = await runBin(['call', 'legacy', 'fails', '--structured'], { cwd: project.dir, env: project.env });
  assert.equal(structured.code, 6, '--structured on an isError result');
  assert.equal(structured.stdout, '');
  assert.match(structured.stderr, /^disk is full$/m);
});

test('structuredContent that breaks the outputSchema is exit 7 naming the path, in both eras', async () => {
  for (const server of ['legacy', 'modern']) {
    const r = await runBin(['call', server, 'bad-output', '--json'], { cwd: project.dir, env: project.env });
    assert.equal(r.code, 7, `${server}: ${r.stderr}`);
    const err = jsonError(r.stderr).error;
    assert.equal(err.kind, 'output-schema');
    assert.match(err.message, /\/count must be number/);
  }
});

test('a malformed outputSchema is a warning, not a failure', async () => {
  const r = await run(['call', 'legacy', 'bad-schema'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'ok\n');
  assert.match(r.stderr, /warning: the outputSchema of tool "bad-schema" .* could not be compiled/);
});

test('progress shows on a terminal, not in a pipe, and keeps a slow call alive past the idle timeout', async () => {
  // 10 steps 400 ms apart outlast the 3 s idle timeout; a 3 s gap between two of them would
  // take a machine busier than any CI's. Starting the server is not held to those 3 s.
  const slowConfig = stdioFixture('slow', { timeout: 3 });
  const terminal = await run(
    ['-c', slowConfig, '--connect-timeout', '60', 'call', 'slow', 'slow', 'steps=10', 'intervalMs=400', '--no-color'],
    opts({ tty: true }),
  );
  assert.equal(terminal.code, 0, terminal.stderr);
  assert.equal(terminal.stdout, 'done after 10 steps\n');
  assert.match(terminal.stderr, /slow: \d+% step \d/);
  const piped = await run(
    ['-c', slowConfig, '--connect-timeout', '60', 'call', 'slow', 'slow', 'steps=2', 'intervalMs=100'],
    opts(),
  );
  assert.equal(piped.code, 0, piped.stderr);
  assert.equal(piped.stderr, '');
});

test('--timeout is the hard total even while progress arrives', async () => {
  const r = await runBin(['call', 'legacy', 'slow', 'steps=50', 'intervalMs=100', '--timeout', '1', '--json'], {
    cwd: project.dir,
    env: project.env,
    killAfterMs: 20_000,
  });
  assert.equal(r.code, 124);
  assert.equal(jsonError(r.stderr).error.kind, 'timeout');
});

test('server log messages: all with -v; --log-level asks for a level, in each era', async () => {
  const verbose = await run(['-v', 'call', 'legacy', 'logs'], opts());
  assert.equal(verbose.code, 0, verbose.stderr);
  assert.match(verbose.stderr, /legacy: \[debug\] fixture: a debug message/);
  const legacy = await run(['call', 'legacy', 'logs', '--log-level', 'warning'], opts());
  assert.equal(legacy.code, 0, legacy.stderr);
  assert.match(legacy.stderr, /legacy: \[warning\] fixture: a warning message/);
  assert.match(legacy.stderr, /legacy: \[error\] fixture: a error message/);
  assert.doesNotMatch(legacy.stderr, /\[info\]/);
  const modernQuiet = await run(['call', 'modern', 'logs'], opts());
  assert.equal(modernQuiet.code, 0, modernQuiet.stderr);
  assert.equal(modernQuiet.stderr, '');
  const modern = await run(['call', 'modern', 'logs', '--log-level', 'info'], opts());
  assert.equal(modern.code, 0, modern.stderr);
  assert.match(modern.stderr, /modern: \[info\] fixture: a info message/);
  assert.doesNotMatch(modern.stderr, /\[debug\]/);
  assert.equal(modern.stdout, 'logged\n');
});

for (const server of ['legacy', 'modern']) {
  test(`elicitation (${server}): answered on a terminal, defaults applied, bad answers asked again`, async () => {
    const r = await run(
      ['call', server, 'ask', '--no-color'],
      opts({ tty: true, stdinTTY: true, stdin: 'A\nAda\n\ngreen\n\n' }),
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'accept: {"name":"Ada","age":30,"color":"green"}\n');
    assert.match(r.stderr, /asks: Who are you\?/);
    assert.match(r.stderr, /must NOT have fewer than 2 characters/);
  });

  test(`elicitation (${server}): declined in a pipe and with --no-input, saying so`, async () => {
    const piped = await run(['call', server, 'ask'], opts({ stdin: 'Ada\n' }));
    assert.equal(piped.code, 0, piped.stderr);
    assert.equal(piped.stdout, 'decline: {}\n');
    assert.match(piped.stderr, /asked for input \("Who are you\?"\); declined: no terminal/);
    const noInput = await run(
      ['call', server, 'ask', '--no-input'],
      opts({ tty: true, stdinTTY: true, stdin: 'Ada\n\n\n\n' }),
    );
    assert.equal(noInput.code, 0, noInput.stderr);
    assert.equal(noInput.stdout, 'decline: {}\n');
    assert.match(noInput.stderr, /declined: --no-input/);
  });
}

test('elicitation: the time a person takes to answer does not count against the idle timeout', async () => {
  const config = stdioFixture('patient', { timeout: 1.5 });
  // The person answers twice the idle timeout after the question arrived. Were the timer
  // running meanwhile, it would fire first: it was set before the question, in this process.
  // Starting the server is not held to the 1.5 s (a busy machine can take longer).
  const started = ['-c', config, '--connect-timeout', '60'];
  const typing = new PassThrough();
  let later: NodeJS.Timeout | undefined;
  const answerLate = (stderr: string) => {
    if (later === undefined && /asks: Who are you\?/.test(stderr))
      later = setTimeout(() => typing.end('Ada\n\n\n\n'), 3000);
  };
  const giveUp = setTimeout(() => typing.end(), 30_000); // no question at all: end, and fail below
  try {
    const r = await run(
      [...started, 'call', 'patient', 'ask', '--no-color'],
      opts({ tty: true, stdinTTY: true, stdin: typing, onStderr: answerLate }),
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'accept: {"name":"Ada","age":30}\n');
    assert.ok(later !== undefined, 'the question was asked');
  } finally {
    clearTimeout(later);
    clearTimeout(giveUp);
  }
  const silent = await run(
    [...started, 'call', 'patient', 'slow', 'steps=1', 'intervalMs=4000', '--json'],
    opts({ tty: true, stdinTTY: true, stdin: new PassThrough() }),
  );
  assert.equal(silent.code, 124, silent.stderr);
  assert.equal(jsonError(silent.stderr).error.kind, 'timeout');
});

test('elicitation: "n" at the end declines, the end of input cancels', async () => {
  const declined = await run(
    ['call', 'legacy', 'ask', '--no-color'],
    opts({ tty: true, stdinTTY: true, stdin: 'Ada\n\n\nn\n' }),
  );
  assert.equal(declined.stdout, 'decline: {}\n');
  const cancelled = await run(
    ['call', 'legacy', 'ask', '--no-color'],
    opts({ tty: true, stdinTTY: true, stdin: 'Ada\n' }),
  );
  assert.equal(cancelled.stdout, 'cancel: {}\n');
});

test('server-everything elicitation: typed fields, choices by number, multi-select', async () => {
  const answers = ['Ada', 'y', '', 'ada@example.com', '', '', '7', '2', '3', '1,3', '', '', '', 'y'];
  const r = await run(
    ['call', 'everything', 'trigger-elicitation-request', '--no-color'],
    opts({ tty: true, stdinTTY: true, stdin: answers.join('\n') + '\n' }),
  );
  assert.equal(r.code, 0, r.stderr);
  const raw = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as { action: string; content: Record<string, unknown> };
  assert.equal(raw.action, 'accept');
  assert.deepEqual(raw.content, {
    name: 'Ada',
    check: true,
    firstLine: 'It was a dark and stormy night.',
    email: 'ada@example.com',
    integer: 7,
    number: 2,
    untitledSingleSelectEnum: 'Joey',
    untitledMultipleSelectEnum: ['Guitar', 'Violin'],
    titledSingleSelectEnum: 'hero-1',
    titledMultipleSelectEnum: ['fish-1'],
    legacyTitledEnum: 'pet-1',
  });
});

test('sampling requests are declined with a clear message', async () => {
  const r = await run(['call', 'everything', 'trigger-sampling-request', 'prompt=hi'], opts());
  assert.equal(r.code, 6);
  assert.match(r.stderr, /asked for a language-model completion \(sampling\); declined: mcpctl has no model/);
});

test('roots: none by default (no roots capability, so no roots tool), --root to choose', async () => {
  const byDefault = await run(['call', 'everything', 'get-roots-list'], opts());
  assert.equal(byDefault.code, 2, byDefault.stderr);
  assert.match(byDefault.stderr, /has no tool "get-roots-list"/);
  const chosen = await run(['call', 'everything', 'get-roots-list', '--root', 'files', '--root', 'home'], opts());
  assert.equal(chosen.code, 0, chosen.stderr);
  assert.match(chosen.stdout, /\(2 total\)/);
  assert.match(chosen.stdout, new RegExp(`URI: ${pathToFileURL(project.files).href}$`, 'm'));
  const missing = await run(['call', 'everything', 'get-roots-list', '--root', 'nowhere'], opts());
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--root .*nowhere: not a directory/);
});

test('server-filesystem reads and writes real files', async () => {
  writeFileSync(path.join(project.files, 'hello.txt'), 'hello from disk\n');
  const read = await run(
    ['call', 'filesystem', 'read_text_file', `path=${path.join(project.files, 'hello.txt')}`],
    opts(),
  );
  assert.equal(read.code, 0, read.stderr);
  assert.equal(read.stdout, 'hello from disk\n');
  const target = path.join(project.files, 'written.txt');
  const write = await run(['call', 'filesystem', 'write_file', `path=${target}`, 'content=written by mcpctl'], opts());
  assert.equal(write.code, 0, write.stderr);
  assert.equal(readFileSync(target, 'utf8'), 'written by mcpctl');
});

test('server-memory: entities given as JSON are stored and read back as structured content', async () => {
  const create = await run(
    [
      'call',
      'memory',
      'create_entities',
      'entities:=[{"name":"mcpctl","entityType":"tool","observations":["calls tools"]}]',
    ],
    opts(),
  );
  assert.equal(create.code, 0, create.stderr);
  const graph = await run(['call', 'memory', 'read_graph', '--json'], opts());
  assert.equal(graph.code, 0, graph.stderr);
  const result = JSON.parse(graph.stdout) as {
    structuredContent?: { entities: { name: string; observations: string[] }[] };
    content: { text: string }[];
  };
  const entities =
    result.structuredContent?.entities ??
    (JSON.parse(result.content[0].text) as { entities: { name: string; observations: string[] }[] }).entities;
  assert.deepEqual(entities.find((e) => e.name === 'mcpctl')?.observations, ['calls tools']);
});

/** mcpctl as a real process in a shell pipeline; `status` is mcpctl's own exit code. */
function pipeline(args: string[], tail: string): Promise<{ stdout: string; stderr: string; status: number }> {
  const quoted = args.map((a) => `'${a}'`).join(' ');
  const script = `'${process.execPath}' '${BIN}' ${quoted} | ${tail}; echo "status=\${PIPESTATUS[0]}" >&2`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd: project.dir,
      env: project.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      const status = Number(/status=(\d+)/.exec(stderr)?.[1] ?? -1);
      resolve({ stdout, stderr: stderr.replace(/status=\d+\n/, ''), status });
    });
  });
}

const TWENTY_MB = 20_000_000;
/** The fixture as `legacy` over stdio: a 20 MB answer is one line mcpctl reads from the server's pipe. */
const big = (bytes: number) => ['-c', stdioFixture('legacy'), 'call', 'legacy', 'big', `bytes=${bytes}`];

test('a 20 MB result goes whole through a pipe (wc -c) and to a file', async () => {
  const counted = await pipeline(big(TWENTY_MB), 'wc -c');
  assert.equal(counted.status, 0, counted.stderr);
  assert.equal(counted.stdout.trim(), String(TWENTY_MB + 1));
  const file = path.join(project.dir, 'big.txt');
  const saved = await pipeline(big(TWENTY_MB), `cat > '${file}'`);
  assert.equal(saved.status, 0, saved.stderr);
  assert.ok(
    readFileSync(file, 'utf8') === '0123456789abcdef'.repeat(TWENTY_MB / 16) + '\n',
    'the file differs from what the server sent',
  );
});

test('a 20 MB result piped into head -c 100 ends quietly: no hang, no EPIPE crash', async () => {
  const r = await pipeline(big(TWENTY_MB), 'head -c 100');
  assert.equal(r.stdout, '0123456789abcdef'.repeat(7).slice(0, 100));
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /EPIPE|Error/);
});

test('a message over --max-size fails with the flag named', async () => {
  const r = await run([...big(2_000_000), '--max-size', '1'], opts());
  assert.equal(r.code, 3);
  assert.match(r.stderr, /larger than 1(\.0)? MB/);
  assert.match(r.stderr, /--max-size MB raises the limit \(now 1 MB\)/);
});

test('over Streamable HTTP: a call, a server question declined in a pipe, an image saved', async () => {
  const url = everything.url();
  const echo = await run(['call', url, 'echo', 'message=over http'], opts());
  assert.equal(echo.code, 0, echo.stderr);
  assert.equal(echo.stdout, 'Echo: over http\n');
  const asked = await run(['call', url, 'trigger-elicitation-request'], opts());
  assert.equal(asked.code, 0, asked.stderr);
  assert.match(asked.stdout, /User declined/);
  assert.match(asked.stderr, /declined: no terminal/);
  const image = await run(['call', url, 'get-tiny-image', '--save-dir', 'http-saved'], opts());
  assert.equal(image.code, 0, image.stderr);
  const saved = readFileSync(path.join(project.dir, 'http-saved', 'get-tiny-image-2.png'));
  assert.deepEqual([...saved.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
});
