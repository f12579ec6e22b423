// ${…} in a config value, as a user meets it: what each form gives, which values are kept as
// secrets to mask, the variables an editor's config may name, and the error of each form
// mcpctl refuses (where it is written, the server, the JSON path, what is wrong, what to write).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { builtinVariables, expandDeep, expandString, type InterpolationScope } from '../../src/config/interpolate.js';
import { McpctlError } from '../../src/errors.js';
import { Secrets } from '../../src/redact.js';

const HOME = path.join(path.sep, 'home', 'ann');
const PROJECT = path.join(HOME, 'app');

function scope(env: Record<string, string>, more: Partial<InterpolationScope> = {}): InterpolationScope {
  return {
    env,
    builtins: builtinVariables(path.join(PROJECT, '.vscode', 'mcp.json'), HOME),
    server: 'api',
    shownAs: '.vscode/mcp.json',
    locations: {},
    entryPath: '$.servers.api',
    ...more,
  };
}

/** The config error `fn` throws, as the user sees it. */
function refusal(fn: () => unknown): { message: string; hint?: string; server?: string; phase?: string; code: number } {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof McpctlError, String(err));
    return { message: err.message, hint: err.hint, server: err.server, phase: err.phase, code: err.exitCode };
  }
  assert.fail('no error');
}

test("an editor's folder variables: the folder that holds .vscode/ or .cursor/, else the config's own", () => {
  for (const editor of ['.vscode', '.cursor']) {
    assert.equal(builtinVariables(path.join(PROJECT, editor, 'mcp.json'), HOME).workspaceFolder, PROJECT);
  }
  assert.equal(builtinVariables(path.join(PROJECT, '.mcp.json'), HOME).workspaceFolder, PROJECT);
  assert.equal(
    builtinVariables(path.join(PROJECT, 'tools', 'mcp.json'), HOME).workspaceFolder,
    path.join(PROJECT, 'tools'),
  );
  // A server given on the command line has no config file, so no workspace folder.
  assert.deepEqual(builtinVariables(undefined, HOME), { userHome: HOME, pathSeparator: path.sep, '/': path.sep });

  const s = scope({});
  assert.equal(expandString('${workspaceFolder}/server.js', ['args', 0], s), `${PROJECT}/server.js`);
  assert.equal(expandString('${userHome}${/}x${pathSeparator}y', ['args', 0], s), `${HOME}${path.sep}x${path.sep}y`);
  // ${env:…} reads the environment only.
  assert.match(
    refusal(() => expandString('${env:workspaceFolder}', ['cwd'], s)).message,
    /"workspaceFolder" is not set/,
  );
});

test('${VAR:-default} gives the variable when it is set and not empty, else the default', () => {
  assert.equal(expandString('${HOST:-localhost}', ['url'], scope({ HOST: 'example.org' })), 'example.org');
  assert.equal(expandString('${HOST:-localhost}', ['url'], scope({ HOST: '' })), 'localhost');
  assert.equal(expandString('${HOST:-localhost}', ['url'], scope({})), 'localhost');
  assert.equal(expandString('${HOST:-}', ['url'], scope({})), '');
});

test('values a run gives (the port of a server it starts) win over the environment, not over ${env:…}', () => {
  const s = scope({ PORT: '9000' }, { variables: { PORT: '41234' } });
  assert.equal(expandString('http://localhost:${PORT}/mcp', ['url'], s), 'http://localhost:41234/mcp');
  assert.equal(expandString('${PORT:-1}', ['url'], s), '41234');
  assert.equal(expandString('${env:PORT}', ['url'], s), '9000');
  const unset = scope({}, { variables: { PORT: '41234' } });
  assert.match(
    refusal(() => expandString('${env:PORT}', ['url'], unset)).message,
    /environment variable "PORT" is not set/,
  );
});

test('every value read from the environment is kept as a secret to mask; defaults and folders are not', () => {
  const secrets = new Secrets();
  const s = scope({ TOKEN: 'tok-123456', KEY: 'key-abcdef', EMPTY: '' }, { secrets });
  assert.equal(expandString('Bearer ${TOKEN}', ['headers', 'Authorization'], s), 'Bearer tok-123456');
  assert.equal(expandString('${env:KEY}', ['env', 'KEY'], s), 'key-abcdef');
  assert.equal(expandString('${EMPTY:-default-value}', ['env', 'E'], s), 'default-value');
  assert.equal(expandString('${workspaceFolder}', ['cwd'], s), PROJECT);
  assert.equal(secrets.mask(`tok-123456 key-abcdef default-value ${PROJECT}`), `*** *** default-value ${PROJECT}`);
  assert.equal(secrets.size, 2);
});

test('a reference mcpctl cannot answer is a config error: where, which server, which value, what to write', () => {
  const at = { jsonPath: 'servers.api.headers.Authorization', key: 'headers.Authorization', line: 7, column: 24 };
  const located = scope({}, { locations: { 'headers.Authorization': at } });
  assert.deepEqual(
    refusal(() => expandString('Bearer ${input:token}', ['headers', 'Authorization'], located)),
    {
      message:
        '.vscode/mcp.json:7:24: server "api": servers.api.headers.Authorization: ${input:token} asks for a VS Code input, which mcpctl does not support',
      hint: 'put the value in an environment variable and write ${env:NAME} instead of ${input:token}',
      server: 'api',
      phase: 'config',
      code: 2,
    },
  );

  // Where no location was recorded, the JSON path is made from the entry's and the value's.
  const unlocated = scope({ 'A-B': 'set', '1A': 'set' });
  for (const reference of ['${A-B}', '${1A}', '${A B}', '${}']) {
    assert.deepEqual(
      refusal(() => expandString(`x ${reference}`, ['args', 2], unlocated)),
      {
        message: `.vscode/mcp.json: server "api": $.servers.api.args[2]: ${reference} is not a variable mcpctl understands`,
        hint: 'write ${VAR}, ${VAR:-default} or ${env:VAR}',
        server: 'api',
        phase: 'config',
        code: 2,
      },
      reference,
    );
  }

  assert.deepEqual(
    refusal(() => expandString('${API_KEY}', ['env', 'API_KEY'], unlocated)),
    {
      message: '.vscode/mcp.json: server "api": $.servers.api.env.API_KEY: environment variable "API_KEY" is not set',
      hint: 'set API_KEY in the environment, or write ${API_KEY:-default} to give a default',
      server: 'api',
      phase: 'config',
      code: 2,
    },
  );
});

test('a whole entry: every string at any depth is expanded, other values kept, errors name the value', () => {
  const s = scope({ ROOT: '/data' });
  const entry = { command: 'node', args: ['${ROOT}/a', ['${ROOT}']], env: { N: null, K: 3, ON: true }, cwd: '${ROOT}' };
  assert.deepEqual(expandDeep(entry, [], s), {
    command: 'node',
    args: ['/data/a', ['/data']],
    env: { N: null, K: 3, ON: true },
    cwd: '/data',
  });
  const message = refusal(() => expandDeep({ args: ['ok', ['x', '${MISSING}']] }, [], s)).message;
  assert.match(message, /: \$\.servers\.api\.args\[1\]\[1\]: environment variable "MISSING" is not set$/);
});
