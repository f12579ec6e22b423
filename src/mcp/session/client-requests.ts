// What mcpctl answers when a server asks the client something during a call: elicitation
// (a form for the person at the terminal, or a decline when nobody is there), sampling (always
// declined: mcpctl has no model), roots (only the directories the user chose: none by default).
// Every command declares the same capabilities, so every command sees the same tools. The same
// handlers serve the 2025 push-style requests and the input_required results of 2026-07-28.

import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { ProtocolError } from '@modelcontextprotocol/client';
import type { Client, ClientCapabilities, ElicitResult } from '@modelcontextprotocol/client';
import type { FormAnswer, FormRequest } from '../../ask/form.js';
import { TASKS_EXTENSION } from './extensions.js';

/**
 * What every session declares. `elicitation: {}` means form mode in every revision that has
 * elicitation. `roots` only when the user offers some: a server such as server-filesystem
 * replaces its configured directories with the roots it is given.
 */
export function clientCapabilities(roots: readonly string[]): ClientCapabilities {
  return {
    elicitation: {},
    sampling: {},
    ...(roots.length > 0 ? { roots: {} } : {}),
    extensions: { [TASKS_EXTENSION]: {} },
  } as ClientCapabilities;
}

/** JSON-RPC code MCP uses for "the user rejected the request". */
const USER_REJECTED = -1;

export interface ClientRequestSettings {
  /** The server's name, for messages. */
  server: string;
  /** Absolute directories offered as roots; none: no roots capability. */
  roots: readonly string[];
  /** Asks the person; absent when nobody can be asked. */
  ask?: (request: FormRequest) => Promise<FormAnswer>;
  /** Why nobody is asked (`no terminal`, `--no-input`), said when declining. */
  noAskReason: string;
  /** A line for the person, on stderr. */
  notice(line: string): void;
}

export function rootsOf(dirs: readonly string[]): { uri: string; name: string }[] {
  return dirs.map((dir) => ({ uri: pathToFileURL(dir).href, name: path.basename(dir) || dir }));
}

/** Answers one elicitation/create request: the person's answer, or a decline when nobody can be asked. */
export function elicitationAnswerer(
  settings: ClientRequestSettings,
): (params: Record<string, unknown>) => Promise<ElicitResult> {
  const who = `server "${settings.server}"`;
  return async (raw) => {
    const params = raw as {
      mode?: string;
      message?: string;
      requestedSchema?: FormRequest['requestedSchema'];
      url?: string;
    };
    const message = params.message ?? '';
    if (params.mode === 'url') {
      settings.notice(
        `${who} asked you to open ${params.url ?? 'a URL'} (${message}); declined: mcpctl answers form questions only`,
      );
      return { action: 'decline' };
    }
    if (!settings.ask) {
      settings.notice(`${who} asked for input ("${message}"); declined: ${settings.noAskReason}`);
      return { action: 'decline' };
    }
    const answer = await settings.ask({ message, requestedSchema: params.requestedSchema ?? {} });
    if (answer.action !== 'accept')
      settings.notice(`${answer.action === 'decline' ? 'declined' : 'cancelled'}; the server was told so`);
    return answer.action === 'accept'
      ? { action: 'accept', content: answer.content as ElicitResult['content'] }
      : { action: answer.action };
  };
}

/** Registers the handlers on a client that has not connected yet. */
export function answerServerRequests(client: Client, settings: ClientRequestSettings): void {
  const who = `server "${settings.server}"`;
  const elicit = elicitationAnswerer(settings);

  client.setRequestHandler(
    'elicitation/create',
    async (request): Promise<ElicitResult> => elicit(request.params as Record<string, unknown>),
  );

  client.setRequestHandler('sampling/createMessage', async () => {
    settings.notice(`${who} asked for a language-model completion (sampling); declined: mcpctl has no model to ask`);
    throw new ProtocolError(USER_REJECTED, 'sampling declined: mcpctl is a command-line client with no language model');
  });

  if (settings.roots.length > 0)
    client.setRequestHandler('roots/list', async () => ({ roots: rootsOf(settings.roots) }));
}

/**
 * Answers the input requests a task waits on (the 2026-07-28 tasks extension), one by one, as
 * the same requests are answered during a call. Sampling cannot be answered: that is an error.
 */
export async function answerInputRequests(
  requests: Record<string, { method: string; params?: Record<string, unknown> }>,
  settings: ClientRequestSettings,
): Promise<Record<string, unknown>> {
  const elicit = elicitationAnswerer(settings);
  const responses: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(requests)) {
    if (request.method === 'elicitation/create') responses[key] = await elicit(request.params ?? {});
    else if (request.method === 'roots/list') responses[key] = { roots: rootsOf(settings.roots) };
    else
      throw new ProtocolError(
        USER_REJECTED,
        `server "${settings.server}" asked for ${request.method}, which mcpctl cannot answer (it has no language model)`,
      );
  }
  return responses;
}
