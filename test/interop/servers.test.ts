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

  it('lists its git_* tools when pinned to the 2025 era', async () => {
    const r = await run(['-c', config, '--protocol', 'legacy', 'tools', 'git', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(toolNames(r.stdout).includes('git_status'), r.stderr);
  });
});
