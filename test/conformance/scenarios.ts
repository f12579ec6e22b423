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
}

type Scenario = (ws: Workspace, context: ScenarioContext) => Promise<void>;

/** The client ID metadata document URL the basic-cimd scenario expects as client_id. */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

function need(context: ScenarioContext, key: keyof ScenarioContext): string {
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

export const SCENARIOS: Record<string, Scenario> = {
  initialize: async (ws) => {
    await ws.expect(0, ['status', ws.url]);
  },
  tools_call: async (ws) => {
    await ws.expect(0, ['tools', ws.url]);
    await ws.expect(0, ['call', ws.url, 'add_numbers', 'a=2', 'b=3']);
  },
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
  'auth/resource-mismatch': async (ws) => {
    await ws.writeConfig({ oauth: {} });
    await ws.login(4);
  },

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
  'auth/cross-app-access-complete-flow': async (ws, context) => {
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
