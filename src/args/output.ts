// Checks a tool result's `structuredContent` against the tool's declared `outputSchema`
// (same ajv and draft rules as inputs). A mismatch is exit 7; a schema ajv cannot compile only
// earns a warning, since the result itself may be fine.

import { McpctlError } from '../errors.js';
import { compileSchema } from '../schema/compile.js';
import { unenforcedWarning } from '../schema/enforceable.js';
import { explainErrors, pointerMessage } from '../schema/messages.js';
import type { JsonSchemaObject } from '../schema/navigate.js';

/** The parts of an MCP `Tool` this check reads. */
export interface ToolWithOutputSchema {
  name: string;
  outputSchema?: JsonSchemaObject;
}

/** The parts of an MCP `CallToolResult` this check reads. */
export interface ToolResultLike {
  structuredContent?: unknown;
  isError?: boolean;
}

export interface OutputCheck {
  warnings: string[];
}

/** More than this many lines would bury the first ones; the count of the rest is given. */
const MAX_LISTED = 20;

/**
 * Validates `result.structuredContent` against `tool.outputSchema`. Throws McpctlError
 * 'output-schema' naming the tool and each failing JSON path; without an outputSchema, or for
 * an `isError` result (which MCP exempts from the schema), there is nothing to check.
 */
export function validateStructuredContent(
  result: ToolResultLike,
  tool: ToolWithOutputSchema,
  server?: string,
): OutputCheck {
  const warnings: string[] = [];
  const schema = tool.outputSchema;
  if (schema === undefined || result.isError === true) return { warnings };
  const subject = server === undefined ? `tool "${tool.name}"` : `tool "${tool.name}" of server "${server}"`;
  const details = {
    server,
    phase: 'output' as const,
    hint: "the server sent a result its own outputSchema does not allow; report it to the server's authors",
  };

  if (result.structuredContent === undefined) {
    throw new McpctlError(
      'output-schema',
      `${subject} declares an outputSchema but its result has no structuredContent`,
      details,
    );
  }
  const compiled = compileSchema(schema);
  if (!compiled.ok) {
    warnings.push(
      `the outputSchema of ${subject} could not be compiled (${compiled.reason}); structuredContent not checked`,
    );
    return { warnings };
  }
  for (const u of compiled.unenforced) warnings.push(unenforcedWarning(`the outputSchema of ${subject}`, u));
  const outcome = compiled.check(result.structuredContent);
  if (outcome.valid) return { warnings };
  const lines = explainErrors(outcome.errors, schema).map(pointerMessage);
  const listed = lines.slice(0, MAX_LISTED);
  if (lines.length > MAX_LISTED) listed.push(`… and ${lines.length - MAX_LISTED} more`);
  const body = listed.length === 1 ? ` ${listed[0]}` : `\n  ${listed.join('\n  ')}`;
  throw new McpctlError(
    'output-schema',
    `structuredContent of ${subject} does not match its outputSchema:${body}`,
    details,
  );
}
