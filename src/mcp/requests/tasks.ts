// Tasks, on both wires that carry them: the core tasks of 2025-11-25 (a `task` field on
// tools/call, then tasks/get, tasks/result, tasks/list, tasks/cancel) and the tasks extension
// of 2026-07-28 (SEP-2663: the server decides, tools/call answers `resultType: "task"`, the
// result comes inline in tasks/get, input goes back through tasks/update). The SDK carries the
// schemas but no runtime for either, so requests go out with lenient result schemas and every
// answer is checked here.

import { ProtocolError } from '@modelcontextprotocol/client';
import type { CallToolResult, Client, RequestOptions } from '@modelcontextprotocol/client';
import { ANY_RESULT, type Requester } from './unchecked.js';
import { TASK_STATUSES, type TaskInfo, type TaskStatus, type TaskWire } from './task-support.js';

export type { TaskInfo, TaskStatus, TaskWire } from './task-support.js';

/** A request the server waits on (extension wire), keyed by the server's id for it. */
export interface InputRequest {
  method: string;
  params?: Record<string, unknown>;
}

/** What tasks/get said: the status, and on the extension wire the outcome inline. */
export interface TaskSnapshot extends TaskInfo {
  result?: CallToolResult;
  error?: { code: number; message: string; data?: unknown };
  inputRequests?: Record<string, InputRequest>;
  /** The answer as the server sent it. */
  raw: Record<string, unknown>;
}

export type ToolCallStart = { kind: 'task'; task: TaskInfo } | { kind: 'result'; result: CallToolResult };

/** Where the extension wire's `resultType: "task"` answer is carried past the SDK (see below). */
const TASK_HANDLE_KEY = 'mcpctl/task-handle';

/**
 * The SDK refuses a tools/call answer of `resultType: "task"` (it knows only complete and
 * input_required results), so on the extension wire such an answer is rewrapped before the SDK
 * reads it: an empty complete result carrying the task under a key of ours.
 */
export function passTaskResults(client: Client): void {
  const transport = client.transport;
  const deliver = transport?.onmessage;
  if (!transport || !deliver) return;
  transport.onmessage = (message, extra) => {
    const result = (message as { result?: Record<string, unknown> }).result;
    if (result && result.resultType === 'task') {
      message = {
        ...message,
        result: { resultType: 'complete', content: [], _meta: { [TASK_HANDLE_KEY]: result } },
      } as typeof message;
    }
    deliver.call(transport, message, extra);
  };
}

export class TaskClient {
  constructor(
    private readonly client: Requester,
    readonly wire: TaskWire,
    private readonly server: string,
  ) {}

  /**
   * tools/call that may become a task. On the core wire it is one when asked (`asTask`: the
   * `task` field); otherwise `send` makes the call (the SDK's callTool, which mirrors the
   * arguments into headers on 2026-07-28) and the extension wire's server decides.
   */
  async callTool(
    params: { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> },
    asTask: boolean,
    send: () => Promise<Record<string, unknown>>,
    options: RequestOptions,
  ): Promise<ToolCallStart> {
    const answer =
      this.wire === 'core' && asTask
        ? await this.client.request({ method: 'tools/call', params: { ...params, task: {} } }, ANY_RESULT, options)
        : await send();
    const handle = (answer._meta as Record<string, unknown> | undefined)?.[TASK_HANDLE_KEY];
    if (handle && typeof handle === 'object')
      return { kind: 'task', task: this.info(handle as Record<string, unknown>, 'tools/call') };
    if (answer.task && typeof answer.task === 'object')
      return { kind: 'task', task: this.info(answer.task as Record<string, unknown>, 'tools/call') };
    return { kind: 'result', result: answer as unknown as CallToolResult };
  }

  async get(taskId: string, options: RequestOptions): Promise<TaskSnapshot> {
    const raw = await this.client.request({ method: 'tasks/get', params: { taskId } }, ANY_RESULT, options);
    const snapshot: TaskSnapshot = { ...this.info(raw, 'tasks/get'), raw };
    if (raw.result && typeof raw.result === 'object') snapshot.result = raw.result as CallToolResult;
    const error = raw.error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
    if (error && typeof error === 'object')
      snapshot.error = {
        code: typeof error.code === 'number' ? error.code : -32603,
        message: typeof error.message === 'string' ? error.message : 'task failed',
        data: error.data,
      };
    if (raw.inputRequests && typeof raw.inputRequests === 'object' && !Array.isArray(raw.inputRequests))
      snapshot.inputRequests = raw.inputRequests as Record<string, InputRequest>;
    return snapshot;
  }

  /**
   * The tool's result of a finished task: tasks/result on the core wire (which, for a task
   * waiting on input, also carries the server's questions and blocks until the task ends), the
   * inline result on the extension wire.
   */
  async result(snapshot: TaskSnapshot, options: RequestOptions): Promise<CallToolResult> {
    if (this.wire === 'core')
      return (await this.client.request(
        { method: 'tasks/result', params: { taskId: snapshot.taskId } },
        ANY_RESULT,
        options,
      )) as unknown as CallToolResult;
    if (snapshot.result) return snapshot.result;
    if (snapshot.error) throw new ProtocolError(snapshot.error.code, snapshot.error.message, snapshot.error.data);
    throw new ProtocolError(
      -32603,
      `server "${this.server}" reported task ${snapshot.taskId} as ${snapshot.status} without a result or an error`,
    );
  }

  /** Every task the server lists (core wire), all pages; each with the entry as sent. */
  async list(options: RequestOptions): Promise<Array<TaskInfo & { raw: Record<string, unknown> }>> {
    const tasks: Array<TaskInfo & { raw: Record<string, unknown> }> = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const answer = await this.client.request(
        { method: 'tasks/list', params: cursor ? { cursor } : {} },
        ANY_RESULT,
        options,
      );
      const entries = Array.isArray(answer.tasks) ? (answer.tasks as unknown[]) : [];
      for (const entry of entries)
        if (entry && typeof entry === 'object')
          tasks.push({
            ...this.info(entry as Record<string, unknown>, 'tasks/list'),
            raw: entry as Record<string, unknown>,
          });
      cursor = typeof answer.nextCursor === 'string' && answer.nextCursor !== '' ? answer.nextCursor : undefined;
      if (!cursor) break;
    }
    return tasks;
  }

  async cancel(taskId: string, options: RequestOptions): Promise<Record<string, unknown>> {
    return this.client.request({ method: 'tasks/cancel', params: { taskId } }, ANY_RESULT, options);
  }

  /** Answers a task's input requests (extension wire). */
  async update(taskId: string, inputResponses: Record<string, unknown>, options: RequestOptions): Promise<void> {
    await this.client.request({ method: 'tasks/update', params: { taskId, inputResponses } }, ANY_RESULT, options);
  }

  /** A task as the wire described it, in one shape (the core wire's `ttl`/`pollInterval` included). */
  private info(raw: Record<string, unknown>, method: string): TaskInfo {
    const { taskId, status } = raw;
    if (typeof taskId !== 'string' || taskId === '' || !(TASK_STATUSES as readonly unknown[]).includes(status)) {
      throw new ProtocolError(
        -32603,
        `server "${this.server}" answered ${method} with a malformed task (taskId ${JSON.stringify(taskId)}, status ${JSON.stringify(status)})`,
      );
    }
    const number = (...keys: string[]) =>
      keys.map((k) => raw[k]).find((v): v is number => typeof v === 'number' && Number.isFinite(v));
    const string = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined);
    const ttl = raw.ttlMs === null || raw.ttl === null ? null : number('ttlMs', 'ttl');
    return {
      taskId,
      status: status as TaskStatus,
      ...(string('statusMessage') !== undefined ? { statusMessage: string('statusMessage') } : {}),
      ...(string('createdAt') !== undefined ? { createdAt: string('createdAt') } : {}),
      ...(string('lastUpdatedAt') !== undefined ? { lastUpdatedAt: string('lastUpdatedAt') } : {}),
      ...(ttl !== undefined ? { ttlMs: ttl } : {}),
      ...(number('pollIntervalMs', 'pollInterval') !== undefined
        ? { pollIntervalMs: number('pollIntervalMs', 'pollInterval') }
        : {}),
    };
  }
}
