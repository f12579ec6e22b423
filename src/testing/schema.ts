// The JSON Schema of a test file, built here once and shipped as mcpctl-test.schema.json at the
// repository root (for `$schema` and editor completion); the loader checks files against it.

import { configSchema, stringMap } from '../config/schema.js';
import { EXIT_CODES } from '../errors.js';

type Schema = Record<string, unknown>;

const text = (description: string): Schema => ({ type: 'string', description });
const nothing: Schema = { type: ['object', 'null'], additionalProperties: false };

/** The step kinds: each test has exactly one. */
export const STEP_KINDS = ['status', 'tools', 'call', 'read', 'prompt', 'complete'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

const STEPS: Record<StepKind, Schema> = {
  status: { ...nothing, description: 'Connect and check the handshake: protocol revision, server info, capabilities.' },
  tools: { ...nothing, description: "List the tools (the config's enabledTools/disabledTools applied)." },
  call: {
    type: 'object',
    description: 'Call a tool.',
    properties: {
      tool: text("The tool's name."),
      args: { type: 'object', description: 'The arguments, as a JSON object.' },
    },
    required: ['tool'],
    additionalProperties: false,
  },
  read: {
    type: 'object',
    description: 'Read a resource.',
    properties: { uri: text('The resource URI.') },
    required: ['uri'],
    additionalProperties: false,
  },
  prompt: {
    type: 'object',
    description: 'Get a prompt.',
    properties: { name: text("The prompt's name."), args: stringMap("The prompt's arguments (strings).") },
    required: ['name'],
    additionalProperties: false,
  },
  complete: {
    type: 'object',
    description: 'Ask for completions of a prompt argument or a resource template variable.',
    properties: {
      prompt: text('The prompt whose argument is completed.'),
      resource: text('The resource template (its uriTemplate) whose variable is completed.'),
      argument: text('The argument or variable name.'),
      value: text('What has been typed so far.'),
      context: stringMap('Values of the other arguments, already chosen.'),
    },
    required: ['argument'],
    oneOf: [{ required: ['prompt'] }, { required: ['resource'] }],
    additionalProperties: false,
  },
};

const textMatch: Schema = {
  type: 'object',
  description:
    "The text of the result (a call's text blocks, a resource's text contents, a prompt's text messages, completion values), one per line.",
  properties: {
    equals: text('The whole text.'),
    contains: text('A part of the text.'),
    matches: text('A regular expression the text matches (RE2 syntax: no lookaround or backreferences).'),
  },
  minProperties: 1,
  additionalProperties: false,
};

const structuredMatch: Schema = {
  type: 'object',
  properties: {
    path: text(
      'A JSON Pointer (/a/0/b) or dotted path (a.0.b) into the structured value; empty or absent: the whole value.',
    ),
    equals: { description: 'The value there, compared as JSON.' },
    matches: text(
      'A regular expression the value there (a string) matches (RE2 syntax: no lookaround or backreferences).',
    ),
    schema: { type: ['object', 'boolean'], description: 'A JSON Schema the value there is valid against.' },
    exists: { type: 'boolean', description: 'Whether there is a value there at all.' },
  },
  anyOf: [{ required: ['equals'] }, { required: ['matches'] }, { required: ['schema'] }, { required: ['exists'] }],
  additionalProperties: false,
};

const count: Schema = { type: 'integer', minimum: 0 };

export const EXPECTATION_KINDS = [
  'isError',
  'error',
  'text',
  'structured',
  'content',
  'latencyMs',
  'outputSchema',
  'tools',
] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];

const EXPECTATIONS: Record<ExpectationKind, Schema> = {
  isError: { type: 'boolean', description: 'call: whether the result has isError: true (default false).' },
  error: {
    enum: Object.keys(EXIT_CODES).filter((k) => k !== 'check'),
    description: 'The step fails with an error of this kind (the kinds of the exit-code table).',
  },
  text: textMatch,
  structured: {
    description: 'call: checks of structuredContent; other steps: of the result object.',
    oneOf: [structuredMatch, { type: 'array', items: structuredMatch, minItems: 1 }],
  },
  content: {
    type: 'object',
    description: 'The content blocks (call), contents (read) or message contents (prompt).',
    properties: {
      count,
      minCount: count,
      maxCount: count,
      types: { type: 'array', items: { type: 'string' }, description: 'The type of every block, in order.' },
      includes: { type: 'array', items: { type: 'string' }, description: 'Types that appear at least once.' },
    },
    minProperties: 1,
    additionalProperties: false,
  },
  latencyMs: {
    type: 'object',
    properties: {
      max: { type: 'number', exclusiveMinimum: 0, description: 'The step takes at most this many milliseconds.' },
    },
    required: ['max'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'boolean',
    description: "call: true: the result has structuredContent valid against the tool's outputSchema.",
  },
  tools: {
    type: 'object',
    description:
      'tools: names present and absent, count bounds, tool definitions that fit a JSON Schema, no breaking change against a snapshot.',
    properties: {
      present: { type: 'array', items: { type: 'string' } },
      absent: { type: 'array', items: { type: 'string' } },
      minCount: count,
      maxCount: count,
      schemas: {
        type: 'object',
        additionalProperties: { type: ['object', 'boolean'] },
        description: 'Tool name → a JSON Schema its definition (name, inputSchema, …) is valid against.',
      },
      snapshot: text(
        'A snapshot file (mcpctl snapshot): the server has no breaking change against it. Relative to the test file.',
      ),
    },
    minProperties: 1,
    additionalProperties: false,
  },
};

const retries = (description: string): Schema => ({ type: 'integer', minimum: 0, maximum: 10, description });

const seconds: Schema = { type: 'number', exclusiveMinimum: 0, description: 'Seconds.' };

const capture: Schema = {
  type: 'object',
  description:
    'Values of the result to use in later steps as ${name}: name → a JSONPath ($.structuredContent.id) or JSON Pointer (/structuredContent/id).',
  additionalProperties: { type: 'string' },
};

/** One step of `steps`, `setup` or `teardown`: a step kind, its expectations and captures. */
const stepItem = (withServer: boolean): Schema => ({
  type: 'object',
  properties: {
    ...(withServer
      ? { server: text('The server of this step. Default: defaults.server, or the only server of the file.') }
      : {}),
    ...STEPS,
    expect: { type: 'object', properties: EXPECTATIONS, additionalProperties: false },
    capture,
  },
  oneOf: STEP_KINDS.map((kind) => ({ required: [kind] })),
  additionalProperties: false,
});

const testCase: Schema = {
  type: 'object',
  properties: {
    name: text('What the test checks; its name in every report.'),
    server: text(
      'The server: a name under "servers", else of the configuration. Default: defaults.server, or the only server of the file.',
    ),
    timeout: { ...seconds, description: 'Time limit of the step, in seconds.' },
    retries: retries(
      'Attempts after a failed one before the test counts as failed; a pass after a failure is reported as flaky.',
    ),
    skip: { type: ['boolean', 'string'], description: 'true, or the reason: the test is reported as skipped.' },
    only: { type: 'boolean', description: 'Run only the tests marked only (in this file).' },
    ...STEPS,
    expect: { type: 'object', properties: EXPECTATIONS, additionalProperties: false },
    capture,
    steps: {
      type: 'array',
      description: 'Several steps in order, instead of one step key; a step may use what an earlier one captured.',
      items: stepItem(false),
      minItems: 1,
    },
  },
  required: ['name'],
  oneOf: [...STEP_KINDS, 'steps'].map((kind) => ({ required: [kind] })),
  additionalProperties: false,
};

const port: Schema = { type: 'integer', minimum: 1, maximum: 65535 };

/** A line of the server's output (stdout or stderr) that says it is ready. */
const logLine: Schema = {
  type: 'object',
  description: "A line of the server's output (stdout or stderr) that says it is ready.",
  properties: {
    contains: text('A part of the line.'),
    matches: text('A regular expression the line matches (RE2 syntax: no lookaround or backreferences).'),
  },
  oneOf: [{ required: ['contains'] }, { required: ['matches'] }],
  additionalProperties: false,
};

/** What `start` of a test file's http/sse server holds: the command, when it is ready, how long that may take. */
export const serverStart: Schema = {
  type: 'object',
  description:
    'mcpctl starts this server itself (http/sse entries only): it runs the command, waits until it is ready, connects to "url", and ends the command\'s whole process group after the tests. ${port} in the entry is a free port mcpctl picks.',
  properties: {
    command: { type: 'string', minLength: 1, description: 'The program that serves "url".' },
    args: { type: 'array', items: { type: 'string' }, description: 'Its arguments.' },
    cwd: {
      type: 'string',
      minLength: 1,
      description: 'Its working directory, relative to the test file. Default: where mcpctl was started.',
    },
    env: stringMap('Extra environment variables.'),
    envFrom: { type: 'array', items: { type: 'string' }, description: 'Names of our environment variables to pass.' },
    inheritEnv: {
      type: 'boolean',
      description:
        'false (default) passes only the base allowlist (PATH, HOME, USER, SHELL, TERM, LANG, TMPDIR, proxy and CA variables) plus env and envFrom; true passes our whole environment.',
    },
    ready: {
      type: 'object',
      description: 'When the server is ready. Default: { port: true }, the port of "url" accepts a TCP connection.',
      properties: {
        port: {
          ...port,
          type: ['boolean', 'integer'],
          description: 'A TCP port accepts a connection: true for the port of "url", or a port number (on its host).',
        },
        log: logLine,
      },
      oneOf: [{ required: ['port'] }, { required: ['log'] }],
      additionalProperties: false,
    },
    timeout: {
      ...seconds,
      description: "Seconds it may take to be ready (default 30); the run's --timeout also bounds it.",
    },
    per: {
      enum: ['file', 'test'],
      description:
        'file (default): started once, before the first test on it, ended after the last; test: started afresh for each test (with the setup and teardown steps).',
    },
    reuseExisting: {
      type: 'boolean',
      description:
        'When something already answers on the port of "url": true tests it instead of starting the command; false (default) makes its tests errors, as the server that would be tested is not ours.',
    },
  },
  required: ['command'],
  additionalProperties: false,
};

export const testFileSchema: Schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'mcpctl test file',
  description:
    'Tests for `mcpctl test`: steps against MCP servers with expectations. ${VAR}, ${VAR:-default} and ${env:VAR} expand in string values.',
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    servers: {
      type: 'object',
      description:
        'Servers by name, with the keys of a config entry (and "start" for an http/sse server mcpctl starts); without it, the configuration\'s servers are used.',
      additionalProperties: { $ref: '#/definitions/testServer' },
    },
    defaults: {
      type: 'object',
      properties: {
        server: text('The server of tests that name none.'),
        timeout: { ...seconds, description: 'Time limit of each step, in seconds.' },
        retries: retries('The retries of tests that give none.'),
      },
      additionalProperties: false,
    },
    coverage: {
      description: 'tools: the run fails when a tool a server of this file lists is called by none of its tests.',
      oneOf: [{ enum: ['tools'] }, { type: 'array', items: { enum: ['tools'] }, minItems: 1 }],
    },
    setup: {
      type: 'array',
      description:
        "Steps run on their server's connection before its first test; what they capture every test may use.",
      items: stepItem(true),
    },
    teardown: {
      type: 'array',
      description: "Steps run on their server's connection after its last test, whatever the tests did.",
      items: stepItem(true),
    },
    tests: { type: 'array', items: testCase, minItems: 1 },
  },
  required: ['tests'],
  additionalProperties: false,
  definitions: {
    ...(configSchema as { definitions: Schema }).definitions,
    testServer: {
      description: 'A config entry; an http/sse one may say how mcpctl starts it.',
      allOf: [{ $ref: '#/definitions/server' }],
      properties: { start: serverStart },
    },
  },
};

/** The text of mcpctl-test.schema.json. */
export function testSchemaJson(): string {
  return `${JSON.stringify(testFileSchema, null, 2)}\n`;
}
