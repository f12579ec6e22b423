// The lint rules: will these tools work across MCP clients and the model providers behind them?
// Each rule has an id, a severity and a check that reports findings at JSON paths of the tool.
// Provider limits are the ones their documentation states (named in each rule's description).

import type { Tool } from '@modelcontextprotocol/client';
import type { JsonSegment } from '../config/jsonc.js';
import { compileSchema } from '../schema/compile.js';
import type { JsonSchema } from '../schema/navigate.js';
import { SCHEMA_MAPS, walkSchema, walkSubschemas, type SchemaNode } from './schema-walk.js';

export type Severity = 'error' | 'warning' | 'info';

export interface RuleFinding {
  /** Below the tool: `['inputSchema', 'properties', 'x']`. */
  at: JsonSegment[];
  message: string;
}

export interface Rule {
  id: string;
  severity: Severity;
  description: string;
  /** One tool at a time; `all` is every tool of the server, for rules across tools. */
  check(tool: Tool, all: readonly Tool[]): RuleFinding[];
}

/** The MCP specification's tool name format (SEP-986): 1 to 128 of these characters. */
const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
/** What OpenAI's and Anthropic's function/tool names allow. */
const PROVIDER_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** The keywords of the Schema object of Gemini's function declarations (an OpenAPI 3.0 subset). */
const GEMINI_KEYWORDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
  '$schema',
]);
/** Keywords OpenAI's strict mode (Structured Outputs) does not support. */
const OPENAI_STRICT_UNSUPPORTED = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'minProperties',
  'maxProperties',
];
/** The `format` values OpenAI's strict mode (Structured Outputs) supports for strings. */
const OPENAI_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
/** The `format` values of Gemini's Schema object, by type (others are rejected or ignored). */
const GEMINI_FORMATS: Record<string, readonly string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};
/** What OpenAI refuses at the top of a function's parameters. */
const OPENAI_TOP_LEVEL = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'];
/** Keywords that give a schema its values without a `type` of its own. */
const TYPE_GIVERS = ['$ref', 'enum', 'const', 'anyOf', 'oneOf', 'allOf'];
/** Where a boolean schema is the usual spelling, and providers accept it. */
const BOOLEAN_ALLOWED = new Set(['additionalProperties', 'unevaluatedProperties']);

/** A tool definition this large costs every conversation that offers it a noticeable share of the context. */
export const SCHEMA_BUDGET_BYTES = 8 * 1024;

const schemaOf = (tool: Tool, key: 'inputSchema' | 'outputSchema'): unknown => (tool as Record<string, unknown>)[key];

function eachSchema(tool: Tool, visit: (node: SchemaNode, at: JsonSegment[]) => void): void {
  walkSchema(schemaOf(tool, 'inputSchema'), ['inputSchema'], visit);
  walkSchema(schemaOf(tool, 'outputSchema'), ['outputSchema'], visit);
}

/** Findings of `check` at every subschema of the input schema (booleans and non-schemas included). */
function inputSubschemas(tool: Tool, check: (sub: unknown, at: JsonSegment[], keyword?: string) => RuleFinding[]) {
  const out: RuleFinding[] = [];
  walkSubschemas(schemaOf(tool, 'inputSchema'), ['inputSchema'], (sub, at, keyword) =>
    out.push(...check(sub, at, keyword)),
  );
  return out;
}

const isNode = (s: unknown): s is SchemaNode => s !== null && typeof s === 'object' && !Array.isArray(s);

/** Keywords whose subschemas apply to the object their schema applies to: they may require what it declares. */
const SAME_INSTANCE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

/**
 * The property names a schema declares: its own, and, in a branch of allOf, anyOf, oneOf, not,
 * if/then/else or dependentSchemas, those of the schema holding it (`anyOf: [{required: [a]},
 * {required: [b]}]` under properties a and b). `known` holds what the walk has seen, by path;
 * walkSubschemas visits a schema before its subschemas.
 */
function declaredNames(
  node: SchemaNode,
  at: JsonSegment[],
  keyword: string | undefined,
  known: Map<string, Set<string>>,
) {
  const own = isNode(node.properties) ? Object.keys(node.properties) : [];
  const holderAt = at.slice(0, typeof at.at(-1) === 'number' || SCHEMA_MAPS.includes(keyword ?? '') ? -2 : -1);
  const held = keyword !== undefined && SAME_INSTANCE.has(keyword) ? known.get(JSON.stringify(holderAt)) : undefined;
  const names = new Set([...(held ?? []), ...own]);
  known.set(JSON.stringify(at), names);
  return names;
}

/** The rules for what model providers' schema subsets refuse or ignore. */
const PROVIDER_RULES: readonly Rule[] = [
  {
    id: 'boolean-schema',
    severity: 'warning',
    description:
      "No input subschema is a bare true or false (additionalProperties aside): Gemini's and OpenAI's schema subsets have no boolean schemas.",
    check: (tool) =>
      inputSubschemas(tool, (sub, at, keyword) =>
        typeof sub === 'boolean' && !(keyword && BOOLEAN_ALLOWED.has(keyword))
          ? [{ at, message: `a boolean schema (${sub}): write ${sub ? '{}' : '{"not": {}}'} or a typed schema` }]
          : [],
      ),
  },
  {
    id: 'type-union',
    severity: 'warning',
    description:
      'No input `type` is a list of types: Gemini takes one type per schema (nullable: true for null, or anyOf).',
    check: (tool) =>
      inputSubschemas(tool, (sub, at) =>
        isNode(sub) && Array.isArray(sub.type)
          ? [{ at: [...at, 'type'], message: `type is a union (${sub.type.map(String).join(', ')})` }]
          : [],
      ),
  },
  {
    id: 'untyped-property',
    severity: 'warning',
    description:
      'Every input property has a type (or an enum, const, $ref or combinator that gives one): Gemini requires one, and without it a model guesses.',
    check: (tool) =>
      inputSubschemas(tool, (sub, at, keyword) =>
        keyword === 'properties' && isNode(sub) && sub.type === undefined && !TYPE_GIVERS.some((k) => k in sub)
          ? [{ at, message: `input property "${String(at[at.length - 1])}" has no type` }]
          : [],
      ),
  },
  {
    id: 'format-support',
    severity: 'warning',
    description:
      'Every input `format` is one the providers support: OpenAI strict mode takes date-time, time, date, duration, email, hostname, ipv4, ipv6 and uuid; Gemini date-time and enum for strings, float and double, int32 and int64 for numbers.',
    check: (tool) =>
      inputSubschemas(tool, (sub, at) => {
        if (!isNode(sub) || typeof sub.format !== 'string') return [];
        const format = sub.format;
        const types = Array.isArray(sub.type) ? sub.type.map(String) : [String(sub.type ?? 'string')];
        const openai = types.includes('string') && !OPENAI_FORMATS.has(format);
        const gemini = !types.some((t) => GEMINI_FORMATS[t]?.includes(format));
        const who = [openai ? "OpenAI's strict mode" : '', gemini ? 'Gemini' : ''].filter(Boolean);
        return who.length
          ? [{ at: [...at, 'format'], message: `format "${format}" is not supported by ${who.join(' or ')}` }]
          : [];
      }),
  },
  {
    id: 'gemini-enum',
    severity: 'warning',
    description: 'Every input enum lists only strings: Gemini takes enums of strings only.',
    check: (tool) =>
      inputSubschemas(tool, (sub, at) => {
        if (!isNode(sub) || !Array.isArray(sub.enum)) return [];
        const others = sub.enum.filter((v) => typeof v !== 'string');
        return others.length
          ? [
              {
                at: [...at, 'enum'],
                message: `enum values that are not strings: ${others.map((v) => JSON.stringify(v)).join(', ')}`,
              },
            ]
          : [];
      }),
  },
  {
    id: 'openai-top-level',
    severity: 'warning',
    description:
      'The input schema has no oneOf, anyOf, allOf, enum or not at its top: OpenAI refuses such function parameters.',
    check: (tool) => {
      const s = schemaOf(tool, 'inputSchema');
      if (!isNode(s)) return [];
      return OPENAI_TOP_LEVEL.filter((k) => k in s).map((k) => ({
        at: ['inputSchema', k],
        message: `"${k}" at the top of the input schema: OpenAI accepts only a plain object there`,
      }));
    },
  },
];

export const RULES: readonly Rule[] = [
  {
    id: 'tool-name-format',
    severity: 'error',
    description: 'Tool names follow the MCP format: 1 to 128 characters, letters, digits, _ - and . only.',
    check: (tool) =>
      MCP_NAME.test(tool.name)
        ? []
        : [{ at: ['name'], message: `tool name ${JSON.stringify(tool.name)} is not 1-128 of A-Z a-z 0-9 _ - .` }],
  },
  {
    id: 'tool-name-portable',
    severity: 'warning',
    description:
      'Tool names fit what OpenAI and Anthropic accept for function names: at most 64 characters, letters, digits, _ and - (no dots).',
    check: (tool) =>
      !MCP_NAME.test(tool.name) || PROVIDER_NAME.test(tool.name)
        ? []
        : [
            {
              at: ['name'],
              message: `tool name ${JSON.stringify(tool.name)} is ${tool.name.length > 64 ? 'longer than 64 characters' : 'not only A-Z a-z 0-9 _ -'}; clients must rename it for OpenAI and Anthropic models`,
            },
          ],
  },
  {
    id: 'tool-name-unique',
    severity: 'error',
    description: 'No two tools share a name.',
    check: (tool, all) =>
      all.filter((t) => t.name === tool.name).length > 1 && all.find((t) => t.name === tool.name) === tool
        ? [
            {
              at: ['name'],
              message: `${all.filter((t) => t.name === tool.name).length} tools are named ${JSON.stringify(tool.name)}`,
            },
          ]
        : [],
  },
  {
    id: 'tool-description',
    severity: 'warning',
    description: 'Every tool has a description: it is all a model knows about when to call it.',
    check: (tool) =>
      typeof tool.description === 'string' && tool.description.trim() !== ''
        ? []
        : [{ at: ['description'], message: 'the tool has no description' }],
  },
  {
    id: 'output-schema-object',
    severity: 'error',
    description: 'An outputSchema is a JSON Schema of type "object" (structuredContent is an object).',
    check: (tool) => {
      const s = schemaOf(tool, 'outputSchema') as SchemaNode | undefined;
      if (s === undefined) return [];
      return s !== null && typeof s === 'object' && s.type === 'object'
        ? []
        : [
            {
              at: ['outputSchema', 'type'],
              message: `outputSchema has type ${JSON.stringify((s as SchemaNode | null)?.type)}, not "object"`,
            },
          ];
    },
  },
  {
    id: 'schema-valid',
    severity: 'error',
    description: 'inputSchema and outputSchema are valid JSON Schemas (they compile).',
    check: (tool) =>
      (['inputSchema', 'outputSchema'] as const).flatMap((key) => {
        const s = schemaOf(tool, key);
        if (s === undefined || s === null || typeof s !== 'object') return [];
        const compiled = compileSchema(s as JsonSchema);
        return compiled.ok ? [] : [{ at: [key], message: `${key} does not compile: ${compiled.reason}` }];
      }),
  },
  {
    id: 'required-declared',
    severity: 'error',
    description:
      'Every name in "required" is a declared property (a branch of anyOf, oneOf, allOf, not or if/then/else may require what the schema holding it declares).',
    check: (tool) => {
      const out: RuleFinding[] = [];
      for (const key of ['inputSchema', 'outputSchema'] as const) {
        const declared = new Map<string, Set<string>>();
        walkSubschemas(schemaOf(tool, key), [key], (sub, at, keyword) => {
          if (!isNode(sub)) return;
          const names = declaredNames(sub, at, keyword, declared);
          if (!Array.isArray(sub.required)) return;
          for (const name of sub.required)
            if (typeof name === 'string' && !names.has(name))
              out.push({ at: [...at, 'required'], message: `"${name}" is required but not declared in properties` });
        });
      }
      return out;
    },
  },
  {
    id: 'network-ref',
    severity: 'error',
    description: 'No $ref points at the network: clients do not fetch schemas.',
    check: (tool) => {
      const out: RuleFinding[] = [];
      eachSchema(tool, (node, at) => {
        if (typeof node.$ref === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(node.$ref))
          out.push({ at: [...at, '$ref'], message: `$ref ${node.$ref} is a network reference` });
      });
      return out;
    },
  },
  {
    id: 'schema-size',
    severity: 'warning',
    description: `A tool's schemas fit a budget of ${SCHEMA_BUDGET_BYTES / 1024} KiB of JSON (they are sent to the model with every request).`,
    check: (tool) => {
      const bytes = Buffer.byteLength(
        JSON.stringify({ inputSchema: schemaOf(tool, 'inputSchema'), outputSchema: schemaOf(tool, 'outputSchema') }),
      );
      return bytes > SCHEMA_BUDGET_BYTES
        ? [
            {
              at: ['inputSchema'],
              message: `the schemas are ${bytes} bytes of JSON, over the budget of ${SCHEMA_BUDGET_BYTES}`,
            },
          ]
        : [];
    },
  },
  {
    id: 'annotations',
    severity: 'warning',
    description:
      'The tool says whether it only reads (readOnlyHint) and, if not, whether it destroys (destructiveHint): clients decide on that whether to ask before calling.',
    check: (tool) => {
      const a = (tool.annotations ?? {}) as Record<string, unknown>;
      if (typeof a.readOnlyHint !== 'boolean')
        return [{ at: ['annotations', 'readOnlyHint'], message: 'no readOnlyHint' }];
      if (a.readOnlyHint === false && typeof a.destructiveHint !== 'boolean')
        return [
          {
            at: ['annotations', 'destructiveHint'],
            message: 'a tool that writes has no destructiveHint (clients assume it destroys)',
          },
        ];
      return [];
    },
  },
  {
    id: 'property-description',
    severity: 'info',
    description: 'Every input property has a description.',
    check: (tool) => {
      const props = (schemaOf(tool, 'inputSchema') as SchemaNode | undefined)?.properties;
      if (!props || typeof props !== 'object') return [];
      return Object.entries(props as Record<string, SchemaNode>)
        .filter(([, s]) => !(s && typeof s === 'object' && typeof s.description === 'string' && s.description !== ''))
        .map(([name]) => ({
          at: ['inputSchema', 'properties', name],
          message: `input property "${name}" has no description`,
        }));
    },
  },
  {
    id: 'gemini-keywords',
    severity: 'warning',
    description:
      'The input schema uses only keywords of the Schema object of Gemini function declarations (others are rejected or ignored).',
    check: (tool) => {
      const out: RuleFinding[] = [];
      walkSchema(schemaOf(tool, 'inputSchema'), ['inputSchema'], (node, at) => {
        for (const key of Object.keys(node))
          if (!GEMINI_KEYWORDS.has(key))
            out.push({ at: [...at, key], message: `"${key}" is not in Gemini's schema subset` });
      });
      return out;
    },
  },
  {
    id: 'openai-strict',
    severity: 'info',
    description:
      'The input schema works in OpenAI strict mode: every object has additionalProperties: false and requires all its properties, and no unsupported keyword is used.',
    check: (tool) => {
      const out: RuleFinding[] = [];
      walkSchema(schemaOf(tool, 'inputSchema'), ['inputSchema'], (node, at) => {
        for (const key of OPENAI_STRICT_UNSUPPORTED)
          if (key in node) out.push({ at: [...at, key], message: `"${key}" is not supported in OpenAI strict mode` });
        if (node.type !== 'object') return;
        if (node.additionalProperties !== false)
          out.push({ at: [...at, 'additionalProperties'], message: 'an object without additionalProperties: false' });
        const props = node.properties && typeof node.properties === 'object' ? Object.keys(node.properties) : [];
        const required = new Set(Array.isArray(node.required) ? node.required : []);
        const optional = props.filter((p) => !required.has(p));
        if (optional.length)
          out.push({
            at: [...at, 'required'],
            message: `not required: ${optional.join(', ')} (strict mode requires every property; make optional ones nullable)`,
          });
      });
      return out;
    },
  },
  ...PROVIDER_RULES,
];

export const RULE_IDS = RULES.map((r) => r.id);
