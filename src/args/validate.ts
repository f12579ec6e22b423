// Checks a call's arguments against the tool's inputSchema before anything is sent, reporting
// every problem at once in command-line terms. Names a schema does not declare are errors when
// the schema closes the object (additionalProperties/unevaluatedProperties false), else
// warnings: the tool may well ignore them, and a typo deserves a word either way.

import { compileSchema } from '../schema/compile.js';
import { unenforcedWarning } from '../schema/enforceable.js';
import { argumentMessage, argumentName, explainErrors } from '../schema/messages.js';
import { escapeToken } from '../schema/pointer.js';
import { argumentsError, type ToolWhere } from './report.js';
import {
  declaredProperties,
  extraPropertiesPolicy,
  isDeclaredName,
  isSchemaObject,
  propertySchema,
  resolveSchema,
  type JsonSchema,
} from '../schema/navigate.js';
import { didYouMean } from '../suggest.js';
import { isRecord } from '../is-record.js';

export interface ValidationOutcome {
  /** Things worth telling the user that do not stop the call. */
  warnings: string[];
}

const MAX_NESTING = 16;

/** Names in `value` that an open object schema does not declare (closed ones are ajv's job). */
function unknownNames(
  root: JsonSchema,
  schema: JsonSchema | undefined,
  value: unknown,
  pointer: string,
  args: unknown,
  out: string[],
  depth = 0,
): void {
  if (!isRecord(value) || depth > MAX_NESTING) return;
  const s = resolveSchema(root, schema);
  const declared = declaredProperties(root, s);
  const policy = extraPropertiesPolicy(root, s);
  for (const [name, child] of Object.entries(value)) {
    const childPointer = `${pointer}/${escapeToken(name)}`;
    if (isDeclaredName(root, s, name)) {
      unknownNames(root, propertySchema(root, s, name), child, childPointer, args, out, depth + 1);
    } else if (policy === 'open' && declared.length > 0) {
      out.push(`unknown argument "${argumentName(childPointer, args)}"${didYouMean(name, declared)}`);
    } else if (policy === 'open' && depth === 0 && !(isSchemaObject(s) && s.additionalProperties === true)) {
      // A nested object without properties is free-form; a tool's top level without them takes
      // nothing, unless it says outright that anything goes.
      out.push(`unknown argument "${argumentName(childPointer, args)}" (the tool declares no arguments)`);
    }
  }
}

/**
 * Validates `args` against `schema` (the tool's inputSchema). Throws a usage error (exit 2)
 * listing every problem; returns warnings otherwise. A schema ajv cannot compile does not block
 * the call: validation is skipped with a warning saying so.
 */
export function validateArguments(
  args: Record<string, unknown>,
  schema: JsonSchema | undefined,
  where: ToolWhere,
): ValidationOutcome {
  const warnings: string[] = [];
  if (schema === undefined) return { warnings };
  const compiled = compileSchema(schema);
  if (!compiled.ok) {
    warnings.push(
      `the inputSchema of tool "${where.tool}" could not be compiled (${compiled.reason}); arguments not checked`,
    );
    return { warnings };
  }
  for (const u of compiled.unenforced) warnings.push(unenforcedWarning(`the inputSchema of tool "${where.tool}"`, u));
  const undeclared: string[] = [];
  unknownNames(schema, schema, args, '', args, undeclared);
  const result = compiled.check(args);
  if (result.valid) {
    warnings.push(...undeclared.map((u) => `${u}; sending it anyway`));
    return { warnings };
  }
  // When the call fails anyway, an undeclared name is most likely the typo behind a missing one.
  const problems = [...explainErrors(result.errors, schema).map((p) => argumentMessage(p, args)), ...undeclared];
  throw argumentsError(problems, where);
}
