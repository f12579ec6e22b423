// mcpctl reaches into three dependencies beyond their documented API. Each is pinned to an exact
// version in package.json, and each use is checked here, so that an upgrade fails this file
// loudly, naming what to look at, instead of changing behaviour quietly.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { AJV_OPTIONS, META_SCHEMA_IDS, type Draft } from '../../src/schema/ajv-setup.js';
import { toSpec } from '../../commands/completion/run.js';
import { ROOT } from '../helpers/run.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The versions whose internals were checked, and what to re-check when one changes. */
const CHECKED: Record<string, { version: string; recheck: string }> = {
  '@modelcontextprotocol/client': {
    version: '2.4.0',
    recheck:
      'src/mcp/session/sdk-shims.ts stands in for its "_shims" module in the bundle (test/mcp/sdk-shims.test.ts)',
  },
  ajv: { version: '8.20.0', recheck: 'src/schema/compile.ts puts ready meta-schema validators into ajv.schemas' },
  commander: {
    version: '14.0.3',
    recheck: 'commands/completion/run.ts reads Command._hidden to leave hidden commands out',
  },
};

for (const [name, { version, recheck }] of Object.entries(CHECKED)) {
  test(`${name} is pinned to ${version}, the version whose internals mcpctl was checked against`, () => {
    const installed = (
      JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
    ).version;
    const why = `${name} changed (package.json ${manifest.dependencies[name]}, installed ${installed}): ${recheck}; then update test/deps/internals.test.ts`;
    assert.equal(manifest.dependencies[name], version, why);
    assert.equal(installed, version, why);
  });
}

test('the SDK client imports its "_shims" module by the name the bundle replaces', () => {
  const entry = readFileSync(fileURLToPath(import.meta.resolve('@modelcontextprotocol/client')), 'utf8');
  assert.ok(
    /from\s*["']@modelcontextprotocol\/client\/_shims["']/.test(entry),
    'the SDK no longer imports @modelcontextprotocol/client/_shims: the sdk-shims plugin of scripts/bundle.mjs does nothing',
  );
});

const ENGINES = { 'draft-07': Ajv, '2019-09': Ajv2019, '2020-12': Ajv2020 } as const;

test('ajv validates a schema with the validator registered in ajv.schemas under the meta-schema id', () => {
  for (const draft of Object.keys(ENGINES) as Draft[]) {
    const ajv = new ENGINES[draft](AJV_OPTIONS);
    const entry = ajv.schemas[META_SCHEMA_IDS[draft]];
    assert.ok(
      entry !== undefined,
      `ajv ${draft}: no ajv.schemas["${META_SCHEMA_IDS[draft]}"]; compile.ts cannot supply its ready validator`,
    );
    let asked = 0;
    const stand = Object.assign(
      () => {
        asked += 1;
        return true;
      },
      { errors: null },
    );
    entry.validate = stand as unknown as typeof entry.validate;
    // An invalid schema passes: ajv asked the validator put there, not one it compiled itself.
    assert.equal(ajv.validateSchema({ type: 'no-such-type' }), true, `ajv ${draft} ignored ajv.schemas[id].validate`);
    assert.ok(asked > 0, `ajv ${draft} never called the validator in ajv.schemas[id]`);
  }
});

test('commander marks a command added with { hidden: true } as _hidden, which completions leave out', () => {
  const program = new Command('x');
  program.addCommand(new Command('shown'));
  program.addCommand(new Command('secret'), { hidden: true });
  const secret = program.commands.find((c) => c.name() === 'secret');
  assert.equal(
    (secret as unknown as { _hidden?: unknown })._hidden,
    true,
    'commander no longer keeps hidden: true in _hidden',
  );
  assert.deepEqual(
    toSpec(program).subcommands.map((c) => c.name),
    ['shown'],
  );
});
