// The lint rule that needs a call: a tool that declares an outputSchema must return
// structuredContent that fits it. Only tools marked read-only that need no arguments are
// called, with no arguments, so linting changes nothing on the server.

import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { Session } from '../mcp/session/session.js';
import { formatJsonPath } from '../config/jsonc.js';
import { validateStructuredContent } from '../args/output.js';
import { classifyError } from '../mcp/session/classify.js';
import type { Finding } from './lint.js';

export const SAMPLE_RULE = 'output-structured';
export const SAMPLE_RULE_INFO = {
  id: SAMPLE_RULE,
  severity: 'error' as const,
  description:
    '(with --sample-calls) A tool with an outputSchema returns structuredContent that fits it, in a call with no arguments; only tools marked readOnlyHint that need no arguments are called.',
};

function callable(tool: Tool): boolean {
  const required = (tool.inputSchema as { required?: unknown }).required;
  return (
    tool.outputSchema !== undefined &&
    tool.annotations?.readOnlyHint === true &&
    !(Array.isArray(required) && required.length > 0)
  );
}

export async function sampleStructuredOutput(session: Session, tools: readonly Tool[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const tool of tools) {
    if (!callable(tool)) continue;
    const finding = (message: string): Finding => ({
      rule: SAMPLE_RULE,
      severity: 'error',
      tool: tool.name,
      path: formatJsonPath(['tools', tool.name, 'outputSchema']),
      message,
    });
    let result: CallToolResult;
    try {
      const { outputSchema: _checkedHere, ...definition } = tool;
      result = (await session.client.callTool(
        { name: tool.name, arguments: {} },
        { ...session.requestOptions(), toolDefinition: definition },
      )) as CallToolResult;
    } catch (err) {
      findings.push(
        finding(
          `a sample call failed: ${classifyError(err, session.spec, 'request', { method: 'tools/call' }).message}`,
        ),
      );
      continue;
    }
    if (result.isError === true) continue;
    try {
      validateStructuredContent(result, tool);
    } catch (err) {
      findings.push(finding(`in a sample call with no arguments: ${err instanceof Error ? err.message : String(err)}`));
    }
  }
  return findings;
}
