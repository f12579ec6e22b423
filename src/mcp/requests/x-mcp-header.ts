// SEP-2243 (2026-07-28): a tool's inputSchema may mark primitive arguments with `x-mcp-header`
// so clients mirror them into `Mcp-Param-*` HTTP headers. A tool whose marks break the rules
// cannot be called faithfully, so clients must leave it out; this names the rule it broke.

import type { Tool } from '@modelcontextprotocol/client';

const KEY = 'x-mcp-header';

/** RFC 9110 token characters: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Types whose values fit in a header. `number` is not one: its text form is not canonical. */
const PRIMITIVE_TYPES = new Set(['string', 'integer', 'boolean']);

/** Keywords whose subschemas are not reached through `properties` alone. */
const UNREACHABLE = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
];

export type HeaderRule = 'empty' | 'type' | 'duplicate' | 'characters' | 'placement';

export interface HeaderFault {
  rule: HeaderRule;
  /** What is wrong, naming the property and the header. */
  message: string;
}

/** The first x-mcp-header rule the tool breaks, or undefined when its marks are valid. */
export function headerFault(tool: Tool): HeaderFault | undefined {
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: string[], reachable: boolean): HeaderFault | undefined => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    const schema = node as Record<string, unknown>;
    const where = path.length ? `property "${path.join('.')}"` : 'the schema root';
    if (KEY in schema) {
      const name = schema[KEY];
      if (!reachable || path.length === 0)
        return {
          rule: 'placement',
          message: `${where}: ${KEY} is allowed only on properties reached through "properties" (not the root, items, combinators or $ref)`,
        };
      if (typeof name !== 'string' || name.length === 0)
        return { rule: 'empty', message: `${where}: ${KEY} must be a non-empty string` };
      if (!TOKEN.test(name))
        return {
          rule: 'characters',
          message: `${where}: ${KEY} ${JSON.stringify(name)} has characters a header name cannot have (letters, digits and !#$%&'*+-.^_\`|~ only)`,
        };
      const type = schema.type;
      if (typeof type !== 'string' || !PRIMITIVE_TYPES.has(type)) {
        return {
          rule: 'type',
          message: `${where}: ${KEY} ${JSON.stringify(name)} is on ${typeof type === 'string' ? `a property of type ${type}` : 'an untyped property'} (only string, integer and boolean are allowed)`,
        };
      }
      const prior = seen.get(name.toLowerCase());
      if (prior !== undefined)
        return {
          rule: 'duplicate',
          message: `${where}: ${KEY} ${JSON.stringify(name)} repeats ${JSON.stringify(prior)} (header names must differ in more than case)`,
        };
      seen.set(name.toLowerCase(), name);
    }
    const properties = schema.properties;
    if (properties && typeof properties === 'object') {
      for (const [key, child] of Object.entries(properties as Record<string, unknown>)) {
        const fault = visit(child, [...path, key], reachable);
        if (fault) return fault;
      }
    }
    for (const keyword of UNREACHABLE) {
      const sub = schema[keyword];
      const branches = Array.isArray(sub)
        ? sub
        : sub &&
            typeof sub === 'object' &&
            ['patternProperties', 'dependentSchemas', '$defs', 'definitions'].includes(keyword)
          ? Object.values(sub)
          : [sub];
      for (const branch of branches) {
        const fault = visit(branch, [...path, `<${keyword}>`], false);
        if (fault) return fault;
      }
    }
    return undefined;
  };
  return visit(tool.inputSchema, [], true);
}

/** The warning (and refusal) for a tool left out. */
export function headerFaultMessage(server: string, tool: string, fault: HeaderFault): string {
  return `server "${server}": tool "${tool}" is left out: its x-mcp-header marks break the ${fault.rule} rule (${fault.message})`;
}

/** The tools whose x-mcp-header marks are valid; each one left out is warned about. */
export function usableTools(server: string, tools: Tool[], warn: (line: string) => void): Tool[] {
  return tools.filter((tool) => {
    const fault = headerFault(tool);
    if (fault) warn(headerFaultMessage(server, tool.name, fault));
    return fault === undefined;
  });
}
