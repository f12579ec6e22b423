// The JSON Schema of a config file, built here once and shipped as mcpctl.schema.json at the
// repository root (for `$schema` in editors); validate.ts checks entries against the same object,
// compiled ahead of time into generated/server-validator.ts.

import { PROTOCOL_SETTINGS, TRANSPORT_TYPES } from './types.js';

type Schema = Record<string, unknown>;

const stringArray = (description: string): Schema => ({ type: 'array', items: { type: 'string' }, description });
/** An object of string values: env, headers. */
export const stringMap = (description: string): Schema => ({
  type: 'object',
  additionalProperties: { type: 'string' },
  description,
});

/** camelCase → snake_case: `envFrom` → `env_from`. */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Adds the snake_case spelling of every camelCase property, so editors accept both. */
function withSnakeCase(properties: Record<string, Schema>): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [key, schema] of Object.entries(properties)) {
    out[key] = schema;
    const snake = snakeCase(key);
    if (snake !== key) {
      out[snake] = {
        ...schema,
        description: `${String(schema.description ?? '')} (snake_case spelling of "${key}")`.trim(),
      };
    }
  }
  return out;
}

export const SERVER_PROPERTIES: Record<string, Schema> = {
  type: {
    enum: [...TRANSPORT_TYPES],
    description:
      'Transport. Inferred when absent: "command" means stdio, "url" means Streamable HTTP with a fallback to SSE.',
  },
  transport: { enum: [...TRANSPORT_TYPES], description: 'Alias of "type".' },
  command: { type: 'string', minLength: 1, description: 'stdio: the program to run.' },
  args: stringArray('stdio: the arguments of the program.'),
  cwd: {
    type: 'string',
    minLength: 1,
    description:
      "stdio: working directory, relative to this file. Without it: a project config's server runs in the project; a user config's in the directory mcpctl was started in when that is trusted (servers trust DIR), else in the home directory.",
  },
  env: stringMap('stdio: extra environment variables of the server.'),
  envFrom: stringArray('stdio: names of our environment variables to pass to the server.'),
  inheritEnv: {
    type: 'boolean',
    description:
      'stdio: false (default) passes only a base allowlist (PATH, HOME, USER, SHELL, TERM, LANG, TMPDIR, proxy and CA variables) plus env and envFrom; true passes our whole environment.',
  },
  url: { type: 'string', minLength: 1, description: 'http/sse: the endpoint.' },
  serverUrl: { type: 'string', minLength: 1, description: 'Alias of "url" (Windsurf).' },
  headers: stringMap('http/sse: static request headers.'),
  headersFrom: stringMap('http/sse: header name → name of the environment variable holding its value.'),
  timeout: {
    type: 'number',
    exclusiveMinimum: 0,
    description: 'Seconds (values of 1000 and more are read as milliseconds, as Claude Code writes them). Default 30.',
  },
  protocolVersion: {
    enum: [...PROTOCOL_SETTINGS],
    description:
      'Protocol revision: "auto" negotiates, "legacy" is the plain initialize, a revision pins. Default: stdio "legacy", http "auto".',
  },
  oauth: { $ref: '#/definitions/oauth' },
  enabledTools: stringArray('Glob patterns of the tools to offer; others are hidden.'),
  disabledTools: stringArray('Glob patterns of tools that are hidden and refused.'),
  roots: stringArray(
    'Directories offered to the server as roots (relative to this file). None are offered unless listed here or given with --root.',
  ),
  disabled: { type: 'boolean', description: 'true: the server is skipped.' },
};

const clientSecretFrom: Schema = {
  type: 'string',
  minLength: 1,
  description: 'Name of the environment variable holding the client secret.',
};

export const OAUTH_PROPERTIES: Record<string, Schema> = {
  clientId: { type: 'string', minLength: 1, description: 'A pre-registered client ID (needs "issuer").' },
  clientSecretFrom,
  issuer: { type: 'string', minLength: 1, description: 'The authorization server (required with a static clientId).' },
  scope: { type: 'string', description: 'Space-separated scopes to request.' },
  redirectPort: { type: 'integer', minimum: 1, maximum: 65535, description: 'Loopback port of the sign-in redirect.' },
  clientMetadataUrl: { type: 'string', minLength: 1, description: 'URL of a client ID metadata document.' },
  tokenEndpointAuthMethod: {
    enum: ['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt'],
    description: 'How the client authenticates at the token endpoint.',
  },
  grant: {
    enum: ['authorization_code', 'client_credentials', 'jwt-bearer'],
    description:
      'Default authorization_code. jwt-bearer: workload identity, a signed JWT (assertionFrom) exchanged for a token.',
  },
  assertionFrom: {
    type: 'string',
    minLength: 1,
    description:
      "grant jwt-bearer: name of the environment variable holding the workload's signed JWT (a CI system's OIDC token).",
  },
  privateKeyFrom: {
    type: 'string',
    minLength: 1,
    description: 'Name of the environment variable holding a PEM key (private_key_jwt).',
  },
  signingAlgorithm: {
    type: 'string',
    minLength: 1,
    description: 'JWT signing algorithm for private_key_jwt. Default ES256.',
  },
  idp: { $ref: '#/definitions/idp' },
};

export const IDP_PROPERTIES: Record<string, Schema> = {
  issuer: { type: 'string', minLength: 1, description: 'The identity provider.' },
  tokenEndpoint: { type: 'string', minLength: 1, description: 'Token endpoint of the identity provider.' },
  clientId: { type: 'string', minLength: 1, description: 'Client ID at the identity provider.' },
  clientSecretFrom,
  idTokenFrom: { type: 'string', minLength: 1, description: 'Name of the environment variable holding the ID token.' },
};

const serverMap: Schema = {
  type: 'object',
  additionalProperties: { $ref: '#/definitions/server' },
};

export const configSchema: Schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'MCP servers configuration (mcpctl)',
  description:
    'MCP servers under "mcpServers" (or "servers", as VS Code writes it). ${VAR}, ${VAR:-default} and ${env:VAR} expand in string values when the server is used.',
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    mcpServers: { ...serverMap, description: 'Servers by name.' },
    servers: { ...serverMap, description: 'Servers by name (VS Code spelling).' },
    inputs: {
      type: 'array',
      description: 'VS Code input variables; mcpctl does not prompt for ${input:...}: use environment variables.',
    },
  },
  definitions: {
    server: {
      type: 'object',
      properties: withSnakeCase(SERVER_PROPERTIES),
      // Exactly one of command / url; the loader reports this itself with a clearer message.
      oneOf: [
        { required: ['command'] },
        { anyOf: [{ required: ['url'] }, { required: ['serverUrl'] }, { required: ['server_url'] }] },
      ],
    },
    oauth: {
      type: 'object',
      properties: withSnakeCase(OAUTH_PROPERTIES),
      description: 'OAuth settings; {} means everything is discovered.',
    },
    idp: {
      type: 'object',
      properties: withSnakeCase(IDP_PROPERTIES),
      description: 'Enterprise-managed sign-in: token exchange at the identity provider, then a JWT-bearer grant.',
    },
  },
};

/** The text of mcpctl.schema.json. */
export function schemaJson(): string {
  return `${JSON.stringify(configSchema, null, 2)}\n`;
}
