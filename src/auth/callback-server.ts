// The one-shot loopback listener on http://127.0.0.1:<port>/callback. It checks `state`, holds
// the browser's request until the caller has exchanged the code and saved the tokens, then
// answers with the success or failure page and stops.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpctlError } from '../errors.js';
import { CALLBACK_PAGE_CSP, callbackPage, type CallbackOutcome } from './callback-page.js';

export interface Callback {
  params: URLSearchParams;
  /** Answers the held browser request; call exactly once. */
  respond(outcome: 'success' | 'failure'): void;
}

export interface CallbackServer {
  redirectUrl: string;
  port: number;
  /** Resolves with the first callback that carries the right state; bounded by `timeoutMs`. */
  /** The callback, within `waitMs`; a timeout's message names `namedMs`, the limit the user gave. */
  waitForCallback(wait: { waitMs: number; namedMs: number }, signal?: AbortSignal): Promise<Callback>;
  close(): Promise<void>;
}

export class PortInUseError extends Error {}

export const CALLBACK_PATH = '/callback';

export async function startCallbackServer(port: number, expectedState: string): Promise<CallbackServer> {
  const inbox = new CallbackInbox(expectedState);
  const server = createServer((req, res) => inbox.receive(req, res));
  await listen(server, port);
  const actualPort = (server.address() as AddressInfo).port;
  return {
    port: actualPort,
    redirectUrl: `http://127.0.0.1:${actualPort}${CALLBACK_PATH}`,
    waitForCallback: (wait, signal) => inbox.wait(wait, signal),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * The one callback of a sign-in: checked when the browser's request arrives, handed to the
 * waiter, or kept until someone waits (the browser may be quicker than the caller).
 */
class CallbackInbox {
  private waiter?: { resolve: (cb: Callback) => void; reject: (err: Error) => void };
  private early?: Callback | Error;
  private handled = false;

  constructor(private readonly expectedState: string) {}

  /** A request to the listener: the first one to the callback path decides; others are refused. */
  receive(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== CALLBACK_PATH) return plain(res, 404, 'Not found');
    if (req.method !== 'GET') return plain(res, 405, 'Method not allowed');
    if (this.handled) return page(res, 409, 'rejected');
    this.handled = true;
    const params = url.searchParams;
    if (params.get('state') !== this.expectedState) {
      // A response without our state is not from the sign-in we started (RFC 6749 §10.12).
      page(res, 400, 'rejected');
      this.deliver(
        new McpctlError(
          'auth',
          'the sign-in callback carried a state that does not match this sign-in; it was rejected',
          { phase: 'auth', hint: 'start the sign-in again and finish it in the browser window it opens' },
        ),
      );
      return;
    }
    let answered = false;
    this.deliver({
      params,
      respond(outcome) {
        if (answered) return;
        answered = true;
        page(res, outcome === 'success' ? 200 : 400, outcome);
      },
    });
    discard(req);
  }

  /** The callback, or a timeout or interruption error, whichever comes first. */
  wait({ waitMs, namedMs }: { waitMs: number; namedMs: number }, signal?: AbortSignal): Promise<Callback> {
    return new Promise<Callback>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new McpctlError('timeout', `no sign-in arrived within ${describeDuration(namedMs)}`, {
            phase: 'auth',
            hint: 'run the login again and complete it in the browser',
          }),
        );
      }, waitMs);
      const onAbort = () => {
        cleanup();
        reject(new McpctlError('interrupted', 'sign-in interrupted', { phase: 'auth' }));
      };
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiter = undefined;
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiter = {
        resolve: (cb) => {
          cleanup();
          resolve(cb);
        },
        reject: (err) => {
          cleanup();
          reject(err);
        },
      };
      if (this.early !== undefined) this.deliver(this.early);
    });
  }

  private deliver(value: Callback | Error): void {
    if (this.waiter === undefined) {
      this.early = value;
      return;
    }
    if (value instanceof Error) this.waiter.reject(value);
    else this.waiter.resolve(value);
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(`port ${port} is in use`) : err);
    };
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function page(res: ServerResponse, status: number, outcome: CallbackOutcome): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': CALLBACK_PAGE_CSP,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(callbackPage(outcome));
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(`${text}\n`);
}

function discard(req: IncomingMessage): void {
  req.resume();
}

function describeDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} seconds`;
}
