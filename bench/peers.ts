// The peers' rows of the bench: the same job by another MCP command-line client, where one is
// installed (`--peers DIR`, a folder with `npm install mcporter @modelcontextprotocol/inspector`
// done in it; nothing of theirs is a dependency of mcpctl). Both need a newer Node than 20.

import { existsSync } from 'node:fs';
import path from 'node:path';

export interface PeerJob {
  /** mcpctl's command line for the job, from `mcpctl(...)`. */
  mcpctl: string[];
  /** The server as a command line (stdio) or a URL (Streamable HTTP). */
  server: { command: string[] } | { url: string };
  /** A tool call (name and one string argument), or a listing of the tools. */
  call?: { tool: string; arg: string; value: string };
}

export interface PeerCase {
  name: string;
  a: string[];
  b: string[];
  ratio: number;
}

interface Peer {
  name: string;
  entry: string;
  /** The oldest Node the peer runs on, as [major, minor]. */
  node: [number, number];
  argv(job: PeerJob): string[];
}

const PEERS: Peer[] = [
  {
    name: 'mcporter',
    entry: 'node_modules/mcporter/dist/cli.js',
    node: [24, 0],
    argv(job) {
      const target =
        'url' in job.server
          ? ['--http-url', job.server.url, '--allow-http']
          : ['--stdio', job.server.command.join(' ')];
      return job.call
        ? ['call', ...target, job.call.tool, `${job.call.arg}=${job.call.value}`]
        : ['list', ...target, '--json'];
    },
  },
  {
    name: 'Inspector CLI',
    entry: 'node_modules/@modelcontextprotocol/inspector/clients/cli/build/index.js',
    node: [22, 19],
    argv(job) {
      const target = 'url' in job.server ? [job.server.url] : job.server.command;
      return job.call
        ? [
            ...target,
            '--method',
            'tools/call',
            '--tool-name',
            job.call.tool,
            '--tool-arg',
            `${job.call.arg}=${job.call.value}`,
          ]
        : [...target, '--method', 'tools/list'];
    },
  },
];

function nodeAtLeast([major, minor]: [number, number]): boolean {
  const [have, haveMinor] = process.versions.node.split('.').map(Number);
  return have > major || (have === major && haveMinor >= minor);
}

/**
 * One case per job and installed peer that runs on this Node, with the target of 0.4× the
 * peer's time; a line on stderr for each peer left out, saying why.
 */
export function peerCases(dir: string, jobs: Record<string, PeerJob>): PeerCase[] {
  const cases: PeerCase[] = [];
  for (const peer of PEERS) {
    const entry = path.join(dir, peer.entry);
    if (!existsSync(entry)) {
      process.stderr.write(`bench: ${peer.name} is not installed in ${dir}: its rows are left out\n`);
      continue;
    }
    if (!nodeAtLeast(peer.node)) {
      process.stderr.write(`bench: ${peer.name} needs Node ${peer.node.join('.')} or later: its rows are left out\n`);
      continue;
    }
    for (const [name, job] of Object.entries(jobs)) {
      cases.push({
        name: `${name}, against ${peer.name}`,
        a: job.mcpctl,
        b: [process.execPath, entry, ...peer.argv(job)],
        ratio: 0.4,
      });
    }
  }
  return cases;
}
