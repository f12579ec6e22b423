// What mcpctl does for each client scenario of the official conformance suite: the commands a
// user would type (or a CI script would run), with the config and secrets the scenario calls
// for. Each step states the exit code it must end with.

import { issuerOf } from './issuer.js';
import { SERVER, type Workspace } from './workspace.js';

/** `MCP_CONFORMANCE_CONTEXT`: credentials the suite hands to some scenarios. */
export interface ScenarioContext {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  idp_client_id?: string;
  idp_id_token?: string;
  idp_issuer?: string;
  idp_token_endpoint?: string;
  /** A workload's signed JWT (auth/wif-jwt-bearer). */
  valid_jwt?: string;
  /** Tool calls the scenario wants made, with their arguments. */
  toolCalls?: Array<{ name: string; arguments?: Record<string, unknown> }>;
}

type Scenario = (ws: Workspace, context: ScenarioContext) => Promise<void>;

/** The client ID metadata document URL the basic-cimd scenario expects as client_id. */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

function need(context: ScenarioContext, key: Exclude<keyof ScenarioContext, 'toolCalls'>): string {
  const value = context[key];
  if (value === undefined) throw new Error(`MCP_CONFORMANCE_CONTEXT lacks ${key}`);
  return value;
}

/** A person's OAuth routine: configure, `auth login` (the browser follows), use the server. */
async function signInAndUse(ws: Workspace, oauth: Record<string, unknown>, use: string[][]): Promise<void> {
  await ws.writeConfig({ oauth });
  await ws.login();
  for (const args of use) await ws.expect(0, ['-c', ws.configFile, ...args]);
}

const LIST_TOOLS = [['tools', SERVER]];

/** Machine sign-in (no browser): `auth login` fetches a token, then a command uses it. */
async function machineSignIn(ws: Workspace, oauth: Record<string, unknown>): Promise<void> {
  await ws.writeConfig({ oauth });
  await ws.expect(0, ['-c', ws.configFile, 'auth', 'login', SERVER]);
  await ws.expect(0, ['-c', ws.configFile, 'tools', SERVER]);
}

/** The tool calls the scenario's context asks for, each as one `call` with `--args`. */
async function contextCalls(ws: Workspace, context: ScenarioContext): Promise<void> {
  for (const call of context.toolCalls ?? [])
    await ws.expect(0, [
      '-c',
      ws.configFile,
      'call',
      SERVER,
      call.name,
      '--args',
      JSON.stringify(call.arguments ?? {}),
    ]);
}

/** A plain server: list its tools, then make the calls the context names. */
async function listAndCall(ws: Workspace, context: ScenarioContext): Promise<void> {
  await ws.writeConfig({});
  await ws.expect(0, ['-c', ws.configFile, 'tools', SERVER]);
  await contextCalls(ws, context);
}

/** A sign-in the client must refuse (a wrong issuer or resource): `auth login` fails with exit 4. */
async function refusedSignIn(ws: Workspace): Promise<void> {
  await ws.writeConfig({ oauth: {} });
  await ws.login(4);
}

/** The skills a server lists (`skills SERVER --json`), by name. */
async function skillNames(ws: Workspace): Promise<string[]> {
  await ws.writeConfig({});
  const listed = await ws.expect(0, ['-c', ws.configFile, 'skills', SERVER, '--json']);
  const { skills } = JSON.parse(listed.stdout) as { skills: Array<{ frontmatter?: { name?: string } }> };
  return skills.map((skill) => skill.frontmatter?.name).filter((name): name is string => name !== undefined);
}

/** A skill whose file differs from what its entry declares is refused (exit 5); others load. */
async function verifySkills(ws: Workspace): Promise<void> {
  const names = await skillNames(ws);
  let refused = 0;
  for (const name of names) {
    const shown = await ws.mcpctl(['-c', ws.configFile, 'skills', SERVER, name]);
    if (shown.code === 5) refused += 1;
    else if (shown.code !== 0) throw new Error(`mcpctl skills ${SERVER} ${name} exited with ${shown.code}`);
  }
  if (refused === 0) throw new Error(`no skill of ${names.join(', ')} was refused`);
}

export const SCENARIOS: Record<string, Scenario> = {
  initialize: async (ws) => {
    await ws.writeConfig({});
    await ws.expect(0, ['-c', ws.configFile, 'status', SERVER]);
  },
  tools_call: async (ws) => {
    await ws.writeConfig({});
    await ws.expect(0, ['-c', ws.configFile, 'tools', SERVER]);
    await ws.expect(0, ['-c', ws.configFile, 'call', SERVER, 'add_numbers', 'a=2', 'b=3']);
  },
  'request-metadata': listAndCall,
  // The second call passes null for a boolean the schema does not let be null: mcpctl refuses
  // such arguments (exit 2) unless told to send them anyway (`--no-validate`), which a user does
  // here to see that a null argument gets no Mcp-Param header.
  'http-custom-headers': async (ws, context) => {
    await ws.writeConfig({});
    await ws.expect(0, ['-c', ws.configFile, 'tools', SERVER]);
    for (const call of context.toolCalls ?? []) {
      const args = JSON.stringify(call.arguments ?? {});
      const unchecked = Object.values(call.arguments ?? {}).includes(null) ? ['--no-validate'] : [];
      await ws.expect(0, ['-c', ws.configFile, 'call', SERVER, call.name, ...unchecked, '--args', args]);
    }
  },
  'json-schema-ref-no-deref': listAndCall,
  // The focal tool's inputSchema, as `tools SERVER TOOL --json` shows it, sent back verbatim.
  'json-schema-2020-12-preservation': async (ws) => {
    await ws.writeConfig({});
    await ws.expect(0, ['-c', ws.configFile, 'tools', SERVER]);
    const shown = await ws.expect(0, ['-c', ws.configFile, 'tools', SERVER, 'json_schema_2020_12_tool', '--json']);
    const { inputSchema } = JSON.parse(shown.stdout) as { inputSchema: unknown };
    const args = JSON.stringify({ schema: inputSchema });
    await ws.expect(0, ['-c', ws.configFile, 'call', SERVER, 'json_schema_echo', '--args', args]);
  },
  // Each tool answers with input requests (MRTR): mcpctl answers them and retries with the state.
  'sep-2322-client-request-state': async (ws) => {
    await ws.writeConfig({});
    const listed = await ws.expect(0, ['-c', ws.configFile, 'tools', SERVER, '--json']);
    const { tools } = JSON.parse(listed.stdout) as { tools: Array<{ name: string }> };
    for (const tool of tools) await ws.expect(0, ['-c', ws.configFile, 'call', SERVER, tool.name]);
  },
  // Every method the scenario watches: tools, a call, resources and one read, prompts and one get.
  'http-standard-headers': async (ws, context) => {
    await listAndCall(ws, context);
    const resources = await ws.expect(0, ['-c', ws.configFile, 'resources', SERVER, '--json']);
    const uri = (JSON.parse(resources.stdout) as { resources?: Array<{ uri: string }> }).resources?.[0]?.uri;
    if (uri !== undefined) await ws.expect(0, ['-c', ws.configFile, 'resources', SERVER, uri]);
    const prompts = await ws.expect(0, ['-c', ws.configFile, 'prompts', SERVER, '--json']);
    const prompt = (JSON.parse(prompts.stdout) as { prompts?: Array<{ name: string }> }).prompts?.[0]?.name;
    if (prompt !== undefined) await ws.expect(0, ['-c', ws.configFile, 'prompts', SERVER, prompt]);
  },
  // Tools with invalid x-mcp-header annotations are left out; the valid one is still called.
  'http-invalid-tool-headers': async (ws) => {
    await ws.writeConfig({});
    await ws.expect(0, ['-c', ws.configFile, 'tools', SERVER]);
    await ws.expect(0, ['-c', ws.configFile, 'call', SERVER, 'valid_tool', 'region=us-west1']);
  },

  // Skills (SEP-2640): listing reads no skill file; a skill is read when asked for, and verified.
  'sep-2640-client-no-prefetch': async (ws) => {
    await ws.writeConfig({});
    await ws.expect(0, ['-c', ws.configFile, 'skills', SERVER]);
  },
  'sep-2640-client-verify-digest': verifySkills,
  'sep-2640-client-verify-size': verifySkills,
  'sep-2640-client-verify-frontmatter': verifySkills,
  // The tool asks five questions, each with a default: on a terminal, Enter keeps the default
  // of each; a last Enter confirms sending the answers.
  'elicitation-sep1034-client-defaults': async (ws) => {
    const args = ['call', ws.url, 'test_client_elicitation_defaults'];
    const keepDefault = { prompt: /Enter for [^\n]*> /, text: '\n' };
    const confirm = { prompt: /\[Y\/n\]/, text: '\n' };
    const result = await ws.mcpctlOnTerminal(args, [
      keepDefault,
      keepDefault,
      keepDefault,
      keepDefault,
      keepDefault,
      confirm,
    ]);
    if (result.code !== 0) throw new Error(`mcpctl ${args.join(' ')} on a terminal exited with ${result.code}`);
  },
  'sse-retry': async (ws) => {
    await ws.expect(0, ['call', ws.url, 'test_reconnection']);
  },

  // Discovery variants: everything is discovered, the client registers itself.
  'auth/metadata-default': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/metadata-var1': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/metadata-var2': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/metadata-var3': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/2025-03-26-oauth-metadata-backcompat': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/2025-03-26-oauth-endpoint-fallback': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/iss-supported': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/iss-not-advertised': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  // An iss that matches the issuer only after URL normalization is a mismatch too.
  'auth/iss-normalized': refusedSignIn,
  'auth/iss-supported-missing': refusedSignIn,
  'auth/iss-wrong-issuer': refusedSignIn,
  'auth/iss-unexpected': refusedSignIn,
  'auth/metadata-issuer-mismatch': refusedSignIn,
  // The resource moves to another authorization server: the next command asks for a new
  // sign-in (exit 4), which registers afresh there.
  'auth/authorization-server-migration': async (ws) => {
    await ws.writeConfig({ oauth: {} });
    await ws.login();
    const list = ['-c', ws.configFile, 'tools', SERVER];
    await ws.expect(4, list);
    await ws.login();
    await ws.expect(0, list);
  },
  'auth/dpop': (ws) => machineSignIn(ws, {}),
  'auth/dpop-nonce': (ws) => machineSignIn(ws, {}),
  'auth/wif-jwt-bearer': async (ws, context) => {
    ws.setSecret('CONFORMANCE_WORKLOAD_JWT', need(context, 'valid_jwt'));
    await machineSignIn(ws, {
      grant: 'jwt-bearer',
      clientId: need(context, 'client_id'),
      assertionFrom: 'CONFORMANCE_WORKLOAD_JWT',
    });
  },
  'auth/basic-cimd': (ws) => signInAndUse(ws, { clientMetadataUrl: CIMD_URL }, LIST_TOOLS),

  // Scope selection: mcpctl picks the scope; the scenario checks what was asked for.
  'auth/scope-from-www-authenticate': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/scope-from-scopes-supported': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/scope-omitted-when-undefined': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/offline-access-scope': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/offline-access-not-supported': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  // Listing needs mcp:basic, calling needs mcp:write too: the call fails asking for a step-up
  // sign-in (exit 4), the next `auth login` asks for both scopes, and the call goes through.
  'auth/scope-step-up': async (ws) => {
    await signInAndUse(ws, {}, LIST_TOOLS);
    const call = ['-c', ws.configFile, 'call', SERVER, 'test-tool'];
    await ws.expect(4, call);
    await ws.login();
    await ws.expect(0, call);
  },
  // Every request is refused for a scope that is never enough: each command fails with exit 4
  // instead of looping, and a second sign-in does not help either.
  'auth/scope-retry-limit': async (ws) => {
    await ws.writeConfig({ oauth: {} });
    await ws.login();
    await ws.expect(4, ['-c', ws.configFile, 'tools', SERVER]);
    await ws.login();
    await ws.expect(4, ['-c', ws.configFile, 'tools', SERVER]);
  },

  // Token endpoint client authentication, as registered.
  'auth/token-endpoint-auth-basic': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/token-endpoint-auth-post': (ws) => signInAndUse(ws, {}, LIST_TOOLS),
  'auth/token-endpoint-auth-none': (ws) => signInAndUse(ws, {}, LIST_TOOLS),

  // The resource metadata names another resource: sign-in must be refused before any request.
  'auth/resource-mismatch': refusedSignIn,

  'auth/pre-registration': async (ws, context) => {
    ws.setSecret('CONFORMANCE_CLIENT_SECRET', need(context, 'client_secret'));
    const oauth = {
      clientId: need(context, 'client_id'),
      clientSecretFrom: 'CONFORMANCE_CLIENT_SECRET',
      issuer: await issuerOf(ws.url),
    };
    await signInAndUse(ws, oauth, LIST_TOOLS);
  },
  'auth/client-credentials-basic': async (ws, context) => {
    ws.setSecret('CONFORMANCE_CLIENT_SECRET', need(context, 'client_secret'));
    await machineSignIn(ws, {
      grant: 'client_credentials',
      clientId: need(context, 'client_id'),
      clientSecretFrom: 'CONFORMANCE_CLIENT_SECRET',
      issuer: await issuerOf(ws.url),
    });
  },
  'auth/client-credentials-jwt': async (ws, context) => {
    ws.setSecret('CONFORMANCE_PRIVATE_KEY', need(context, 'private_key_pem'));
    await machineSignIn(ws, {
      grant: 'client_credentials',
      clientId: need(context, 'client_id'),
      issuer: await issuerOf(ws.url),
      tokenEndpointAuthMethod: 'private_key_jwt',
      privateKeyFrom: 'CONFORMANCE_PRIVATE_KEY',
      signingAlgorithm: context.signing_algorithm ?? 'ES256',
    });
  },
  'auth/enterprise-managed-authorization': async (ws, context) => {
    ws.setSecret('CONFORMANCE_CLIENT_SECRET', need(context, 'client_secret'));
    ws.setSecret('CONFORMANCE_ID_TOKEN', need(context, 'idp_id_token'));
    await machineSignIn(ws, {
      clientId: need(context, 'client_id'),
      clientSecretFrom: 'CONFORMANCE_CLIENT_SECRET',
      issuer: await issuerOf(ws.url),
      idp: {
        issuer: need(context, 'idp_issuer'),
        tokenEndpoint: need(context, 'idp_token_endpoint'),
        clientId: need(context, 'idp_client_id'),
        idTokenFrom: 'CONFORMANCE_ID_TOKEN',
      },
    });
  },
};
