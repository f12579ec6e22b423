// Other hosts' config files, read in temp homes through bin/: Codex, OpenCode, the VS Code user
// profile, Zed and Gemini CLI, each shown with its source, in precedence order; project-level ones
// obey trust; entries with ${input:…} are skipped with a warning naming them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBin } from '../helpers/run.js';

interface Listed {
  name: string;
  type: string;
  command?: string;
  args?: string[];
  url?: string;
  env?: Record<string, string>;
  headers?: Record<string, string>;
  source: string;
  host?: string;
  disabled: boolean;
  trust: string;
}

function home(): { home: string; repo: string; write(rel: string, text: string): string; env: NodeJS.ProcessEnv } {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-hosts-')));
  const repo = path.join(root, 'repo');
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  return {
    home: root,
    repo,
    write(rel, text) {
      const file = path.join(root, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
    env: { PATH: process.env.PATH, HOME: root },
  };
}

async function servers(cwd: string, env: NodeJS.ProcessEnv): Promise<{ list: Listed[]; stderr: string }> {
  const r = await runBin(['servers', '--json'], { cwd, env });
  assert.equal(r.code, 0, r.stderr);
  return { list: (JSON.parse(r.stdout) as { servers: Listed[] }).servers, stderr: r.stderr };
}

test('user files of Codex, OpenCode, VS Code, Zed and Gemini CLI are read in their own shapes', async () => {
  const h = home();
  const codex = h.write(
    '.codex/config.toml',
    [
      '[mcp_servers.codex-docs]',
      'command = "npx"',
      'args = ["-y", "docs-server"]',
      'env = { LOG = "1" }',
      '',
      '[mcp_servers.codex-http]',
      'url = "https://codex.example/mcp"',
      'bearer_token_env_var = "CODEX_TOKEN"',
      'enabled = false',
      '',
    ].join('\n'),
  );
  const opencode = h.write(
    '.config/opencode/opencode.json',
    JSON.stringify({
      $schema: 'https://opencode.ai/config.json',
      mcp: {
        'oc-local': { type: 'local', command: ['bun', 'x', 'my-server'], environment: { K: 'v' }, enabled: true },
        'oc-remote': {
          type: 'remote',
          url: 'https://oc.example/mcp',
          headers: { 'X-Key': '${OC_KEY}' },
          enabled: false,
        },
      },
    }),
  );
  const vscode = h.write(
    '.config/Code/User/mcp.json',
    '{\n  // VS Code\n  "servers": { "vs-user": { "type": "stdio", "command": "node", "args": ["a.js"] },\n    "vs-input": { "type": "http", "url": "https://x/mcp", "headers": { "Authorization": "Bearer ${input:token}" } } },\n  "inputs": []\n}\n',
  );
  const settings = h.write(
    '.config/Code/User/settings.json',
    '{ "editor.tabSize": 2, "mcp": { "servers": { "vs-settings": { "command": "deno", "args": ["run", "s.ts"] } } } }',
  );
  const zed = h.write(
    '.config/zed/settings.json',
    JSON.stringify({
      context_servers: {
        'zed-custom': { source: 'custom', command: 'zed-mcp', args: ['--stdio'], env: {} },
        'zed-old': { command: { path: 'old-mcp', args: ['x'] } },
        'zed-extension': { source: 'extension', settings: {} },
      },
    }),
  );
  const gemini = h.write(
    '.gemini/settings.json',
    JSON.stringify({
      mcpServers: {
        'gem-stdio': { command: 'python', args: ['-m', 'srv'], cwd: '.', timeout: 30000 },
        'gem-http': { httpUrl: 'https://gem.example/mcp', headers: { A: 'b' } },
        'gem-sse': { url: 'https://gem.example/sse' },
      },
    }),
  );
  const { list, stderr } = await servers(h.repo, h.env);
  const by = Object.fromEntries(list.map((s) => [s.name, s]));
  assert.deepEqual(
    list.map((s) => s.name),
    [
      'codex-docs',
      'codex-http',
      'oc-local',
      'oc-remote',
      'vs-user',
      'vs-settings',
      'zed-custom',
      'zed-old',
      'gem-stdio',
      'gem-http',
      'gem-sse',
    ],
  );
  assert.deepEqual(
    [
      by['codex-docs']!.command,
      by['codex-docs']!.args,
      by['codex-docs']!.env,
      by['codex-docs']!.source,
      by['codex-docs']!.host,
    ],
    ['npx', ['-y', 'docs-server'], { LOG: '<redacted>' }, codex, 'Codex'],
  );
  assert.deepEqual(
    [by['codex-http']!.type, by['codex-http']!.url, by['codex-http']!.headers, by['codex-http']!.disabled],
    ['http', 'https://codex.example/mcp', { Authorization: 'Bearer ${CODEX_TOKEN}' }, true],
  );
  assert.deepEqual(
    [by['oc-local']!.command, by['oc-local']!.args, by['oc-local']!.source, by['oc-local']!.disabled],
    ['bun', ['x', 'my-server'], opencode, false],
  );
  assert.deepEqual(
    [by['oc-remote']!.type, by['oc-remote']!.url, by['oc-remote']!.disabled],
    ['http', 'https://oc.example/mcp', true],
  );
  assert.equal(by['vs-user']!.source, vscode);
  assert.equal(by['vs-settings']!.source, settings);
  assert.deepEqual(
    [by['zed-custom']!.command, by['zed-custom']!.args, by['zed-old']!.command, by['zed-old']!.source],
    ['zed-mcp', ['--stdio'], 'old-mcp', zed],
  );
  assert.deepEqual(
    [by['gem-stdio']!.command, by['gem-stdio']!.source, by['gem-http']!.type, by['gem-http']!.url, by['gem-sse']!.type],
    ['python', gemini, 'http', 'https://gem.example/mcp', 'sse'],
  );
  assert.ok(list.every((s) => s.trust === 'user'));
  assert.match(
    stderr,
    /mcp\.json:\d+:\d+: server "vs-input" uses \$\{input:…\}, a value only an editor asks for; skipped/,
  );
});

test("a user file of ours comes before other hosts' files for the same name", async () => {
  const h = home();
  const ours = h.write('.config/mcpctl/config.json', JSON.stringify({ mcpServers: { same: { command: 'ours' } } }));
  h.write('.gemini/settings.json', JSON.stringify({ mcpServers: { same: { command: 'gemini' } } }));
  const { list } = await servers(h.repo, h.env);
  assert.deepEqual(
    list.map((s) => [s.command, s.source]),
    [
      ['ours', ours],
      ['gemini', path.join(h.home, '.gemini', 'settings.json')],
    ],
  );
});

test('project opencode.json and .gemini/settings.json obey trust; -c reads them in their shape', async () => {
  const h = home();
  const oc = h.write(
    'repo/opencode.json',
    JSON.stringify({ mcp: { 'oc-project': { type: 'local', command: ['node', 'x.js'] } } }),
  );
  h.write('repo/.gemini/settings.json', JSON.stringify({ mcpServers: { 'gem-project': { command: 'node' } } }));
  const { list } = await servers(h.repo, h.env);
  assert.deepEqual(
    list.map((s) => [s.name, s.trust]),
    [
      ['oc-project', 'untrusted'],
      ['gem-project', 'untrusted'],
    ],
  );
  const start = await runBin(['tools', 'oc-project'], { cwd: h.repo, env: h.env });
  assert.equal(start.code, 2);
  assert.match(start.stderr, /opencode\.json is a project config that is not trusted/);
  const named = await runBin(['-c', oc, 'servers', '--json'], { cwd: h.repo, env: h.env });
  assert.deepEqual(
    (JSON.parse(named.stdout) as { servers: Listed[] }).servers.map((s) => [s.name, s.command, s.trust]),
    [['oc-project', 'node', 'named']],
  );
});

test("a broken entry in another host's file is skipped with a warning, not fatal; broken TOML too", async () => {
  const h = home();
  h.write(
    '.config/zed/settings.json',
    JSON.stringify({ context_servers: { bad: { command: 42 }, good: { command: 'ok' } } }),
  );
  h.write('.codex/config.toml', '[mcp_servers.x\ncommand = ');
  const r = await runBin(['servers', '--names'], { cwd: h.repo, env: h.env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'good\n');
  assert.match(r.stderr, /zed\/settings\.json \(Zed\): .*"bad".*; skipped/);
  assert.match(r.stderr, /config\.toml: invalid TOML/);
});
