// Lint findings as a SARIF 2.1.0 log, for GitHub code scanning and other SARIF readers: one
// run, the rules that ran with their descriptions and levels, each finding a result at the
// server's entry in its config file (the artifact a person edits) and at its JSON path in the
// server's tool list (a logical location).

import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeAt, parseDocument } from '../config/jsonc.js';
import type { Finding } from './lint.js';
import type { Severity } from './rules.js';

export const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

export interface RuleInfo {
  id: string;
  severity: Severity;
  description: string;
}

/** Where a server is defined: its config file (as a SARIF artifact location) and the line of its entry. */
export interface ServerLocation {
  uri: string;
  /** Set when the file is below the working directory: `uri` is then relative to it. */
  uriBaseId?: string;
  line?: number;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export function sarifLog(
  findings: readonly Finding[],
  rules: readonly RuleInfo[],
  tool: { version: string; server: string },
  where?: ServerLocation,
): object {
  const index = new Map(rules.map((r, i) => [r.id, i]));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mcpctl',
            version: tool.version,
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.description },
              defaultConfiguration: { level: LEVEL[r.severity] },
            })),
          },
        },
        automationDetails: { id: `mcpctl-lint/${tool.server}/` },
        results: findings.map((f) => result(f, index.get(f.rule), tool.server, where)),
      },
    ],
  };
}

function result(f: Finding, ruleIndex: number | undefined, server: string, where?: ServerLocation): object {
  const logical = { fullyQualifiedName: `${server}:${f.path}`, name: f.tool, kind: 'member' };
  const physical = where && {
    artifactLocation: { uri: where.uri, ...(where.uriBaseId ? { uriBaseId: where.uriBaseId } : {}) },
    ...(where.line ? { region: { startLine: where.line } } : {}),
  };
  return {
    ruleId: f.rule,
    ...(ruleIndex !== undefined ? { ruleIndex } : {}),
    level: LEVEL[f.severity],
    message: { text: `${f.tool ? `${f.tool}: ` : ''}${f.message} (at ${f.path})` },
    locations: [{ ...(physical ? { physicalLocation: physical } : {}), logicalLocations: [logical] }],
    // The same finding in the next run is the same alert, wherever the entry moved in the file.
    partialFingerprints: {
      'mcpctlFinding/v1': createHash('sha256').update(`${server}\0${f.rule}\0${f.path}`).digest('hex'),
    },
  };
}

/** The config file and line a server came from; undefined for an ad-hoc server (no file). */
export async function locateServer(file: string, name: string, cwd: string): Promise<ServerLocation | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const relative = path.relative(cwd, file);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  const uri = inside ? relative.split(path.sep).join('/') : pathToFileURL(file).href;
  return { uri, ...(inside ? { uriBaseId: '%SRCROOT%' } : {}), line: entryLine(file, text, name) };
}

/** The line of `name`'s entry under the usual sections, when the file parses as JSON. */
function entryLine(file: string, text: string, name: string): number | undefined {
  try {
    const doc = parseDocument(file, text, file);
    if (doc.root === undefined) return undefined;
    for (const section of ['mcpServers', 'servers', 'mcp_servers']) {
      const node = nodeAt(doc.root, [section, name]);
      if (node?.parent) return doc.positionAt(node.parent.offset).line;
    }
  } catch {
    // Not JSON (a TOML config): the file without a line.
  }
  return undefined;
}
