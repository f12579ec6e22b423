// Lists a server did not declare are empty, and not asked for: sequential-thinking declares
// only tools. A server that declares a list and answers it with -32601 is still an error.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { run } from '../helpers/run.js';
import { thirdPartyConfig } from '../helpers/third-party.js';
import { fixtures, tempDir } from '../mcp/helpers.js';

const LISTS: Array<{ argv: string[]; key: string; what: string }> = [
  { argv: ['prompts'], key: 'prompts', what: 'prompts' },
  { argv: ['resources'], key: 'resources', what: 'resources' },
  { argv: ['resources', '--templates'], key: 'resourceTemplates', what: 'resource templates' },
];

describe('lists of capabilities sequential-thinking did not declare', () => {
  const config = thirdPartyConfig();
  for (const { argv, key, what } of LISTS) {
    const command = argv.join(' ');
    it(`${command} --json is an empty list, exit 0`, async () => {
      const r = await run(['-c', config, ...argv, 'sequential-thinking', '--json']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), { [key]: [] });
    });

    it(`${command} in a pipe prints nothing and exits 0`, async () => {
      const r = await run(['-c', config, ...argv, 'sequential-thinking']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, '');
    });

    it(`${command} on a terminal says the server does not offer ${what}`, async () => {
      const r = await run(['-c', config, ...argv, 'sequential-thinking'], { tty: true });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '');
      assert.match(
        r.stderr,
        new RegExp(
          `server "sequential-thinking" does not offer ${what} \\(it declared no "${key === 'prompts' ? 'prompts' : 'resources'}" capability\\)`,
        ),
      );
    });
  }
});

describe('a list the server declared but does not implement', () => {
  const file = join(tempDir('declared'), 'mcp.json');
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        liar: { command: process.execPath, args: [join(fixtures, 'fault-server.js'), 'serve', 'declare-lists'] },
      },
    }),
  );
  for (const { argv, key } of LISTS) {
    it(`${argv.join(' ')}: -32601 is exit 5`, async () => {
      const r = await run(['-c', file, ...argv, 'liar', '--json']);
      assert.equal(r.code, 5, r.stderr);
      assert.match(r.stderr, /-32601/);
      assert.equal(r.stdout, '', `no ${key} printed`);
    });
  }
});
