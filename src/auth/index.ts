// The auth layer's public surface. Status and logout are cheap (no SDK); the provider and login
// load the SDK only when called. The session layer imports classifyAuthError from
// './classify.js' directly (it has the SDK loaded already).

import type { ServerSpec } from '../config/types.js';
import type { Context } from '../io.js';
import type { CreateAuthProviderOptions } from './factory.js';
import type { McpctlAuthProvider } from './provider.js';
import type { LoginOptions } from './login.js';
import type { AuthStatus } from './status.js';

export { authStatus, type AuthState, type AuthStatus, type AuthStatusOptions } from './status.js';
export { logout, type LogoutOptions, type LogoutResult } from './logout.js';
export { authFilePath } from './paths.js';
export type { CreateAuthProviderOptions } from './factory.js';
export type { McpctlAuthProvider } from './provider.js';
export type { LoginOptions } from './login.js';

export async function createAuthProvider(
  spec: ServerSpec,
  ctx: Context,
  options: CreateAuthProviderOptions,
): Promise<McpctlAuthProvider | undefined> {
  return (await import('./factory.js')).createAuthProvider(spec, ctx, options);
}

export async function login(spec: ServerSpec, ctx: Context, options: LoginOptions = {}): Promise<AuthStatus> {
  return (await import('./login.js')).login(spec, ctx, options);
}
