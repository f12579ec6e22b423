// The SARIF log of `lint --format sarif`, in process: the rules that ran with their levels, one
// result per finding at the server's entry in its config file (relative to the working
// directory when below it, else a file: URL) and at its JSON path, and a fingerprint that stays
// the same while the finding does.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { locateServer, sarifLog } from '../../src/lint/sarif.js';
import type { Finding } from '../../src/lint/lint.js';

const RULES = [
  { id: 'tool-description', severity: 'warning' as const, description: 'Every tool has a description.' },
  { id: 'tool-shape', severity: 'error' as const, description: 'Every entry has the shape of a Tool.' },
  { id: 'input-hints', severity: 'info' as const, description: 'Arguments say what they are.' },
];

const FINDINGS: Finding[] = [
  { rule: 'tool-shape', severity: 'error', tool: 'echo', path: 'tools.echo', message: 'not a Tool' },
  { rule: 'input-hints', severity: 'info', tool: '', path: 'tools[2]', message: 'no name' },
  { rule: 'unlisted', severity: 'warning', tool: 'add', path: 'tools.add.inputSchema', message: 'odd' },
];

const fingerprint = (server: string, rule: string, at: string) =>
  createHash('sha256').update(`${server}\0${rule}\0${at}`).digest('hex');

test('a SARIF 2.1.0 log: the rules with their levels, each finding at its rule, level, message and location', () => {
  const where = { uri: 'config/mcp.json', uriBaseId: '%SRCROOT%', line: 4 };
  const log = sarifLog(FINDINGS, RULES, { version: '1.2.3', server: 'shop' }, where);
  const logical = (at: string, name: string) => ({ fullyQualifiedName: `shop:${at}`, name, kind: 'member' });
  const physical = { artifactLocation: { uri: 'config/mcp.json', uriBaseId: '%SRCROOT%' }, region: { startLine: 4 } };
  assert.deepEqual(log, {
    $schema: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mcpctl',
            version: '1.2.3',
            rules: [
              {
                id: 'tool-description',
                shortDescription: { text: 'Every tool has a description.' },
                defaultConfiguration: { level: 'warning' },
              },
              {
                id: 'tool-shape',
                shortDescription: { text: 'Every entry has the shape of a Tool.' },
                defaultConfiguration: { level: 'error' },
              },
              {
                id: 'input-hints',
                shortDescription: { text: 'Arguments say what they are.' },
                defaultConfiguration: { level: 'note' },
              },
            ],
          },
        },
        automationDetails: { id: 'mcpctl-lint/shop/' },
        results: [
          {
            ruleId: 'tool-shape',
            ruleIndex: 1,
            level: 'error',
            message: { text: 'echo: not a Tool (at tools.echo)' },
            locations: [{ physicalLocation: physical, logicalLocations: [logical('tools.echo', 'echo')] }],
            partialFingerprints: { 'mcpctlFinding/v1': fingerprint('shop', 'tool-shape', 'tools.echo') },
          },
          {
            ruleId: 'input-hints',
            ruleIndex: 2,
            level: 'note',
            message: { text: 'no name (at tools[2])' },
            locations: [{ physicalLocation: physical, logicalLocations: [logical('tools[2]', '')] }],
            partialFingerprints: { 'mcpctlFinding/v1': fingerprint('shop', 'input-hints', 'tools[2]') },
          },
          {
            ruleId: 'unlisted',
            level: 'warning',
            message: { text: 'add: odd (at tools.add.inputSchema)' },
            locations: [{ physicalLocation: physical, logicalLocations: [logical('tools.add.inputSchema', 'add')] }],
            partialFingerprints: { 'mcpctlFinding/v1': fingerprint('shop', 'unlisted', 'tools.add.inputSchema') },
          },
        ],
      },
    ],
  });
});

test('no config file: logical locations only; a file outside the directory has no base and no line when unknown', () => {
  const [bare] = (sarifLog(FINDINGS.slice(0, 1), RULES, { version: '1', server: 's' }) as SarifRuns).runs[0]!.results;
  assert.deepEqual(bare!.locations, [
    { logicalLocations: [{ fullyQualifiedName: 's:tools.echo', name: 'echo', kind: 'member' }] },
  ]);
  const where = { uri: 'file:///etc/mcp.toml' };
  const [far] = (sarifLog(FINDINGS.slice(0, 1), RULES, { version: '1', server: 's' }, where) as SarifRuns).runs[0]!
    .results;
  assert.deepEqual(far!.locations[0]!.physicalLocation, { artifactLocation: { uri: 'file:///etc/mcp.toml' } });
});

interface SarifRuns {
  runs: { results: { locations: { physicalLocation?: unknown; logicalLocations: unknown[] }[] }[] }[];
}

test('locateServer: the entry line under each usual section, relative below the directory, a file: URL outside it', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-sarif-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'project', '.vscode'), { recursive: true });
  const cwd = path.join(dir, 'project');
  const write = (file: string, text: string) => {
    writeFileSync(file, text);
    return file;
  };
  const vscode = write(
    path.join(cwd, '.vscode', 'mcp.json'),
    '{\n  "servers": {\n    "other": {},\n    "shop": { "command": "x" }\n  }\n}\n',
  );
  assert.deepEqual(await locateServer(vscode, 'shop', cwd), {
    uri: '.vscode/mcp.json',
    uriBaseId: '%SRCROOT%',
    line: 4,
  });
  const claude = write(path.join(dir, 'claude.json'), '// comment\n{ "mcpServers": {\n "shop": {} } }');
  assert.deepEqual(await locateServer(claude, 'shop', cwd), { uri: pathToFileURL(claude).href, line: 3 });
  const codex = write(path.join(cwd, 'codex.json'), '{"mcp_servers": {"a": 1,\n"shop": {}}}');
  assert.deepEqual(await locateServer(codex, 'shop', cwd), { uri: 'codex.json', uriBaseId: '%SRCROOT%', line: 2 });
  assert.deepEqual(await locateServer(codex, 'missing', cwd), {
    uri: 'codex.json',
    uriBaseId: '%SRCROOT%',
    line: undefined,
  });
  const toml = write(path.join(cwd, 'config.toml'), '[mcp_servers.shop]\ncommand = "x"\n');
  assert.deepEqual(await locateServer(toml, 'shop', cwd), {
    uri: 'config.toml',
    uriBaseId: '%SRCROOT%',
    line: undefined,
  });
  const empty = write(path.join(cwd, 'empty.json'), '   \n');
  assert.deepEqual(await locateServer(empty, 'shop', cwd), {
    uri: 'empty.json',
    uriBaseId: '%SRCROOT%',
    line: undefined,
  });
  assert.equal(await locateServer(path.join(cwd, 'gone.json'), 'shop', cwd), undefined);
  assert.deepEqual(await locateServer(cwd, 'shop', cwd), undefined, 'a directory is no config file');
  const sibling = write(path.join(dir, 'project-b.json'), '{"servers": {"shop": {}}}');
  assert.deepEqual(await locateServer(sibling, 'shop', cwd), { uri: pathToFileURL(sibling).href, line: 1 });
});
