// The `--command` of the official conformance suite's client scenarios: `node adapter.js URL`,
// with the scenario in MCP_CONFORMANCE_SCENARIO, its revision in MCP_CONFORMANCE_PROTOCOL_VERSION and
// credentials and tool calls in MCP_CONFORMANCE_CONTEXT.
// Runs the scenario's mcpctl commands (scenarios.ts); exit 0 when each ended as expected, and
// the same verdict to the file run.ts names (verdict.ts).
// Without arguments it exits at once (`node --test dist/test/` runs every file under test/).

import { SCENARIOS, type ScenarioContext } from './scenarios.js';
import { writeVerdict } from './verdict.js';
import { Workspace } from './workspace.js';

async function main(): Promise<number> {
  const url = process.argv[process.argv.length - 1];
  const name = process.env.MCP_CONFORMANCE_SCENARIO;
  if (process.argv.length <= 2 || url === undefined || name === undefined) {
    process.stderr.write(
      'usage: MCP_CONFORMANCE_SCENARIO=NAME node adapter.js SERVER_URL (run by the conformance suite)\n',
    );
    return 0;
  }
  const scenario = SCENARIOS[name];
  if (scenario === undefined) {
    process.stderr.write(`[adapter] no mcpctl mapping for scenario "${name}"\n`);
    return 2;
  }
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ScenarioContext;
  const ws = await Workspace.create(url, process.env.MCP_CONFORMANCE_PROTOCOL_VERSION);
  try {
    await scenario(ws, context);
    await writeVerdict(process.env, { scenario: name, ok: true });
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`[adapter] ${name}: ${message}\n`);
    await writeVerdict(process.env, { scenario: name, ok: false, message });
    return 1;
  } finally {
    await ws.cleanup();
  }
}

process.exitCode = await main();
