// The third-party servers the interop tests rely on install, start and list their tools through
// mcpctl with default settings.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { run } from '../helpers/run.js';
import { startGitServer, thirdPartyConfig, type RunningGitServer } from '../helpers/third-party.js';
import { tempDir } from '../mcp/helpers.js';

function toolNames(stdout: string): string[] {
  return (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
}

describe('third-party servers over stdio', () => {
  const config = thirdPartyConfig();

  it('sequential-thinking lists its one tool', async () => {
    const r = await run(['-c', config, 'tools', 'sequential-thinking', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(toolNames(r.stdout), ['sequentialthinking']);
  });

  it('the fastmcp fixture lists its tools', async () => {
    const r = await run(['-c', config, 'tools', 'fastmcp', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(toolNames(r.stdout).sort(), ['greet', 'hang', 'jingle', 'logo', 'ping']);
  });

  it('the mcp-framework fixture lists the tools the framework found in its tools directory', async () => {
    const r = await run(['-c', config, 'tools', 'mcp-framework', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(toolNames(r.stdout).sort(), ['search', 'status']);
  });
});

describe('git-mcp-server over Streamable HTTP', () => {
  let git: RunningGitServer;
  let config: string;
  before(async () => {
    git = await startGitServer();
    config = join(tempDir('git-config'), 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { git: { url: git.url } } }));
  });
  after(() => git.stop());

  it('status works with default settings: the probe answered HTTP 500 is followed by initialize', async () => {
    const home = tempDir('git-home');
    const r = await run(['-c', config, 'status', 'git', '--json'], {
      home,
      env: { PATH: process.env.PATH, HOME: home },
    });
    assert.equal(r.code, 0, r.stderr);
    const [server] = (
      JSON.parse(r.stdout) as { servers: Array<{ ok: boolean; era: string; counts: { tools: number } }> }
    ).servers;
    assert.equal(server?.ok, true);
    assert.equal(server?.era, 'legacy');
    assert.ok((server?.counts.tools ?? 0) > 10);
  });

  it('lists its git_* tools, and with -v says what the probe was answered with', async () => {
    const home = tempDir('git-home');
    const r = await run(['-c', config, '-v', 'tools', 'git', '--json'], {
      home,
      env: { PATH: process.env.PATH, HOME: home },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(toolNames(r.stdout).includes('git_status'));
    assert.match(r.stderr, /server\/discover was answered with HTTP 500.*trying initialize/);
    // The verdict is remembered: the next run goes straight to initialize.
    const again = await run(['-c', config, '-v', 'tools', 'git', '--json'], {
      home,
      env: { PATH: process.env.PATH, HOME: home },
    });
    assert.equal(again.code, 0, again.stderr);
    assert.doesNotMatch(again.stderr, /server\/discover/);
  });
});
