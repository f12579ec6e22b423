// What `servers` shows: settings as written, never a secret value.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { describeServer, redactUrl } from '../../src/config/display.js';
import { loadConfig } from '../../src/config/load.js';
import { makeTree } from './helpers.js';
import { fakeContext } from '../helpers/context.js';

test('describeServer never shows env or header values, only ${VAR} references and auth scheme words', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const file = await tree.write('home/dev/app/.mcp.json', {
    mcpServers: {
      gh: {
        url: 'https://user:hunter2pass@api.example/mcp?api_key=sk-live-123&mode=fast',
        headers: {
          Authorization: 'Bearer ghp_literalsecret',
          'X-Scheme': 'Bearer ${TOKEN}',
          'X-Ref': '${TOKEN}',
          'X-Mixed': 'k-${TOKEN}',
          'X-Default': '${TOKEN:-fallbacksecret}',
        },
        headersFrom: { 'X-Api-Key': 'API_KEY' },
        timeout: 60000,
        oauth: { clientId: 'public-id', issuer: 'https://auth', clientSecretFrom: 'CLIENT_SECRET' },
      },
      local: {
        command: 'npx',
        args: ['-y', 'server'],
        cwd: 'sub',
        env: { DB_PASSWORD: 'p4ssw0rd-literal', API: '${env:API_KEY}', BOTH: '${A}${B}' },
        envFrom: ['HOME_TOKEN'],
        inheritEnv: false,
        disabled: true,
      },
    },
  });
  const ctx = fakeContext({
    cwd: tree.project,
    home: tree.home,
    env: { TOKEN: 'env-token-value', API_KEY: 'env-api-key' },
  });
  const config = await loadConfig(ctx, { trustProject: true });
  const [gh, local] = config.entries.map((e) => describeServer(e, tree.home));
  const text = JSON.stringify([gh, local]);
  for (const secret of [
    'hunter2pass',
    'sk-live-123',
    'ghp_literalsecret',
    'fallbacksecret',
    'p4ssw0rd-literal',
    'env-token-value',
    'env-api-key',
  ]) {
    assert.ok(!text.includes(secret), `${secret} must not appear in ${text}`);
  }
  assert.deepEqual(gh, {
    name: 'gh',
    type: 'http',
    source: file,
    disabled: false,
    trusted: true,
    trust: 'trust-project',
    url: 'https://<redacted>:<redacted>@api.example/mcp?api_key=<redacted>&mode=<redacted>',
    headers: {
      Authorization: '<redacted>',
      'X-Scheme': 'Bearer ${TOKEN}',
      'X-Ref': '${TOKEN}',
      'X-Mixed': '<redacted>${TOKEN}',
      'X-Default': '${TOKEN:-<redacted>}',
    },
    headersFrom: { 'X-Api-Key': 'API_KEY' },
    timeout: 60,
    oauth: { clientId: 'public-id', issuer: 'https://auth', clientSecretFrom: 'CLIENT_SECRET' },
  });
  assert.deepEqual(local, {
    name: 'local',
    type: 'stdio',
    source: file,
    disabled: true,
    trusted: true,
    trust: 'trust-project',
    command: 'npx',
    args: ['-y', 'server'],
    cwd: 'sub',
    workingDirectory: path.join(path.dirname(file), 'sub'),
    env: { DB_PASSWORD: '<redacted>', API: '${env:API_KEY}', BOTH: '${A}${B}' },
    envFrom: ['HOME_TOKEN'],
    inheritEnv: false,
  });
});

test('redactUrl hides every query value and keeps reference-only secrets', () => {
  assert.equal(redactUrl('https://example.com/mcp'), 'https://example.com/mcp');
  assert.equal(redactUrl('https://example.com/mcp?page=2'), 'https://example.com/mcp?page=<redacted>');
  assert.equal(redactUrl('https://example.com/mcp?token=${TOKEN}'), 'https://example.com/mcp?token=${TOKEN}');
  assert.equal(redactUrl('${BASE}/mcp?key=abc'), '${BASE}/mcp?key=<redacted>');
});
