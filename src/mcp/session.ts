// The session contract; the implementation lands with the session layer.
import type { Client, ClientCapabilities, OAuthClientProvider, RequestOptions, Implementation, ServerCapabilities } from '@modelcontextprotocol/client';
import type { ServerSpec, ProtocolSetting } from '../config/types.js';
import type { Context } from '../io.js';
import { McpctlError } from '../errors.js';
export interface SessionOptions { connectTimeoutMs?: number; requestTimeoutMs?: number; totalTimeoutMs?: number; protocol?: ProtocolSetting; verbose?: boolean; authProvider?: OAuthClientProvider; deferClose?: (closing: Promise<void>) => void; capabilities?: ClientCapabilities; configureClient?: (client: Client) => void; maxMessageBytes?: number }
export interface Session { spec: ServerSpec; client: Client; protocolVersion: string; era: 'legacy' | 'modern'; serverInfo?: Implementation; capabilities?: ServerCapabilities; instructions?: string; requestOptions(extra?: Partial<RequestOptions>): RequestOptions }
export async function withSession<T>(_s: ServerSpec, _c: Context, _o: SessionOptions, _fn: (s: Session) => Promise<T>): Promise<T> {
  throw new McpctlError('internal', 'connecting to servers is not implemented yet');
}
