// A temporary project for the call/resources/prompts tests: a directory with an .mcp.json naming
// the reference servers (everything, filesystem over a files/ directory, memory) and our
// call fixture in both eras, plus the environment to run mcpctl in it (which trusts the project config: the tests wrote it).

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { ROOT } from './run.js';
import { everything, filesystem, memory } from '../mcp/helpers.js';
import { startEverything, type Everything } from './everything.js';
import type { RunningHttpServer } from '../fixtures/node-http.js';

export const FIXTURE = path.join(ROOT, 'dist', 'test', 'fixtures', 'call-server.js');

export interface CallProject {
  dir: string;
  /** The directory server-filesystem serves. */
  files: string;
  home: string;
  env: Record<string, string | undefined>;
}

const CALL_LOG = { CALL_LOG: '${CALL_LOG:-}' };

export function callProject(): CallProject {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-call-'));
  const files = path.join(dir, 'files');
  const home = path.join(dir, 'home');
  mkdirSync(files);
  mkdirSync(home);
  const node = process.execPath;
  const config = {
    mcpServers: {
      everything: { command: node, args: [everything, 'stdio'] },
      filesystem: { command: node, args: [filesystem, files] },
      memory: {
        command: node,
        args: [memory],
        env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') },
      },
      // A server gets only the base environment: the call log a test may set is named.
      legacy: { command: node, args: [FIXTURE, 'legacy'], disabledTools: ['hidden'], env: CALL_LOG },
      modern: { command: node, args: [FIXTURE, 'modern'], protocolVersion: '2026-07-28', env: CALL_LOG },
    },
  };
  writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify(config, null, 2));
  return { dir, files, home, env: { PATH: process.env.PATH, HOME: home, MCPCTL_TRUST_PROJECT: '1' } };
}

/**
 * Points the project's `everything` at one server-everything over Streamable HTTP for the whole
 * test file (started before its first test, stopped after the last) instead of one started over
 * stdio for each command: the file's tests are about what mcpctl does with its answers, and each
 * connection is a session of its own. `url()` is its address, for tests that name it.
 */
export function shareEverything(project: CallProject): { url(): string } {
  let server: Everything | undefined;
  before(async () => {
    server = await startEverything('streamableHttp');
    const file = path.join(project.dir, '.mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers.everything = { url: server.url };
    writeFileSync(file, JSON.stringify(config, null, 2));
  });
  after(() => server?.stop());
  return {
    url: () => {
      if (server === undefined) throw new Error('shareEverything: the server starts before the first test');
      return server.url;
    },
  };
}

/** What the shared call fixture was sent, from the moment the log was taken. */
export interface CallLog {
  /** One line per tools/call and prompts/get received (`tools/call NAME`), each ending in a newline. */
  text(): string;
}

/** The call fixture over HTTP for a file: the config entries naming it, and its log. */
export interface SharedCallFixture {
  /** `legacy` and `modern` as config entries naming the servers (after the file's first test starts). */
  servers(): { legacy: { url: string }; modern: { url: string; protocolVersion: string } };
  /** Starts a log of what the fixture is sent. */
  log(): CallLog;
}

/**
 * Our call fixture in both eras over Streamable HTTP, served in the test file's own process for
 * all its tests (started before the first, stopped after the last), instead of one process over
 * stdio for each command: for a file whose tests are about what mcpctl does with the answers,
 * not about stdio. Each mcpctl run is a session of its own.
 */
export function serveCallFixture(started: (fixture: SharedCallFixture) => void = () => {}): SharedCallFixture {
  const received: string[] = [];
  const running: RunningHttpServer[] = [];
  const fixture: SharedCallFixture = {
    servers: () => {
      const [legacy, modern] = running;
      if (legacy === undefined || modern === undefined)
        throw new Error('serveCallFixture: the servers start before the first test');
      return { legacy: { url: legacy.url }, modern: { url: modern.url, protocolVersion: '2026-07-28' } };
    },
    log: () => {
      const from = received.length;
      return { text: () => received.slice(from).join('') };
    },
  };
  // One hook: the hooks of a file's top level do not wait for one another.
  before(async () => {
    // Imported here: the fixture brings the server SDK, which a file that never shares it need not load.
    const { serveCallHttp } = await import('../fixtures/call-server.js');
    const record = (line: string) => void received.push(`${line}\n`);
    running.push(...(await Promise.all([serveCallHttp('legacy', record), serveCallHttp('modern', record)])));
    started(fixture);
  });
  after(() => Promise.all(running.map((s) => s.close())));
  return fixture;
}

/** Points the project's `legacy` and `modern` at the call fixture served by serveCallFixture. */
export function shareCallFixture(project: CallProject): SharedCallFixture {
  return serveCallFixture((fixture) => {
    const { legacy, modern } = fixture.servers();
    const file = path.join(project.dir, '.mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers.legacy = { ...legacy, disabledTools: ['hidden'] };
    config.mcpServers.modern = modern;
    writeFileSync(file, JSON.stringify(config, null, 2));
  });
}
