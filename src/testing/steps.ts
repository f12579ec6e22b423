// One step of a test against an open session: what it asked, what came back (or the error, as
// the session layer classifies it) and how long it took. Expectations are checked elsewhere.

import type { CallToolResult, RequestOptions, Tool } from '@modelcontextprotocol/client';
import type { Session } from '../mcp/session/session.js';
import { classifyError } from '../mcp/session/classify.js';
import { listAll } from '../mcp/requests/lists.js';
import { toolAllowed } from '../mcp/requests/filters.js';
import { type McpctlError, usageError } from '../errors.js';
import { validateArguments } from '../args/validate.js';
import { didYouMean } from '../suggest.js';
import { stripTransportFields } from '../output/json.js';
import type { Step } from './load.js';

export interface StepOutcome {
  /** The result (MCP-shaped; transport-only fields stripped), absent on error. */
  value?: unknown;
  error?: McpctlError;
  latencyMs: number;
  /** call: the tool's definition, for the outputSchema check. */
  tool?: Tool;
}

const METHODS: Record<Step['kind'], string> = {
  status: 'initialize',
  tools: 'tools/list',
  call: 'tools/call',
  read: 'resources/read',
  prompt: 'prompts/get',
  complete: 'completion/complete',
};

export async function runStep(
  session: Session,
  step: Step,
  options: RequestOptions,
  now: () => number,
): Promise<StepOutcome> {
  const started = now();
  let tool: Tool | undefined;
  try {
    let value: unknown;
    switch (step.kind) {
      case 'status':
        return { value: handshake(session), latencyMs: Math.round(session.connectMs) };
      case 'tools':
        value = { tools: await tools(session, options) };
        break;
      case 'call': {
        const listed = await tools(session, options);
        tool = listed.find((t) => t.name === step.tool);
        if (!tool) {
          throw usageError(
            `server "${session.spec.name}" has no tool "${step.tool}"${didYouMean(
              step.tool,
              listed.map((t) => t.name),
            )}`,
            { server: session.spec.name },
          );
        }
        validateArguments(step.args, tool.inputSchema, { server: session.spec.name, tool: step.tool });
        const { outputSchema: _checkedByTheTest, ...definition } = tool;
        value = (await session.client.callTool(
          { name: step.tool, arguments: step.args },
          { ...options, toolDefinition: definition },
        )) as CallToolResult;
        break;
      }
      case 'read':
        value = await session.client.readResource({ uri: step.uri }, options);
        break;
      case 'prompt':
        value = await session.client.getPrompt({ name: step.name, arguments: step.args }, options);
        break;
      case 'complete':
        value = await session.client.complete(
          {
            ref: step.ref,
            argument: { name: step.argument, value: step.value },
            ...(step.context ? { context: { arguments: step.context } } : {}),
          },
          options,
        );
        break;
    }
    return { value: stripTransportFields(value), latencyMs: Math.round(now() - started), ...(tool ? { tool } : {}) };
  } catch (err) {
    const error = classifyError(err, session.spec, 'request', {
      method: METHODS[step.kind],
      stderrTail: session.stderrTail(),
    });
    return { error, latencyMs: Math.round(now() - started), ...(tool ? { tool } : {}) };
  }
}

/** What the status step reports: the facts of the handshake. */
export function handshake(session: Session): Record<string, unknown> {
  return {
    protocolVersion: session.protocolVersion,
    era: session.era,
    serverInfo: session.serverInfo,
    capabilities: session.capabilities ?? {},
    ...(session.instructions !== undefined ? { instructions: session.instructions } : {}),
  };
}

async function tools(session: Session, options: RequestOptions): Promise<Tool[]> {
  const { items } = await listAll(session.client, 'tools', { requestOptions: options });
  return items.filter((t) => toolAllowed(session.spec, t.name));
}
