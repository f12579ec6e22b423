// Waiting for a task: tasks/get at the server's suggested interval (bounded both ways), each
// status reported, input answered when the task asks for it, the result fetched at the end.
// The wait ends by the task's end, the deadline (the task keeps running) or the signal.

import type { CallToolResult, RequestOptions } from '@modelcontextprotocol/client';
import { McpctlError } from '../../errors.js';
import { isTerminal, type TaskInfo } from './task-support.js';
import type { InputRequest, TaskClient, TaskSnapshot } from './tasks.js';

/** Polls no faster than this, whatever the server suggests… */
export const MIN_POLL_MS = 100;
/** …and no slower, so a status change shows within seconds. */
export const MAX_POLL_MS = 5_000;
/** When the server suggests nothing. */
export const DEFAULT_POLL_MS = 1_000;

export interface TaskWaitSettings {
  server: string;
  /** Options for each short request (tasks/get, tasks/update). */
  pollOptions(): RequestOptions;
  /** Options for tasks/result of a task waiting on input (core wire): it blocks until the task ends. */
  blockingOptions: RequestOptions;
  /** Epoch milliseconds when the waiting stops (the task keeps running); none: no limit. */
  deadline?: number;
  now(): number;
  signal: AbortSignal;
  onStatus(task: TaskSnapshot): void;
  /** Answers input requests (extension wire): their responses, by the same keys. */
  answer(requests: Record<string, InputRequest>): Promise<Record<string, unknown>>;
}

export type TaskOutcome =
  | { kind: 'result'; result: CallToolResult; task: TaskInfo }
  | { kind: 'expired'; task: TaskInfo };

export function pollDelay(task: TaskInfo): number {
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, task.pollIntervalMs ?? DEFAULT_POLL_MS));
}

export async function waitForTask(tasks: TaskClient, start: TaskInfo, s: TaskWaitSettings): Promise<TaskOutcome> {
  let task: TaskInfo = start;
  let answered = new Set<string>();
  for (;;) {
    const snapshot = await tasks.get(task.taskId, s.pollOptions());
    task = snapshot;
    s.onStatus(snapshot);
    if (isTerminal(snapshot.status)) return { kind: 'result', result: await finished(tasks, snapshot, s), task };
    if (snapshot.status === 'input_required') {
      if (tasks.wire === 'core')
        return { kind: 'result', result: await tasks.result(snapshot, s.blockingOptions), task };
      const pending = Object.fromEntries(
        Object.entries(snapshot.inputRequests ?? {}).filter(([key]) => !answered.has(key)),
      );
      if (Object.keys(pending).length > 0) {
        const responses = await s.answer(pending);
        await tasks.update(task.taskId, responses, s.pollOptions());
        answered = new Set([...answered, ...Object.keys(responses)]);
        continue;
      }
    }
    const delay = pollDelay(task);
    if (s.deadline !== undefined && s.now() + delay > s.deadline) {
      await pause(Math.max(0, s.deadline - s.now()), s.signal);
      const last = await tasks.get(task.taskId, s.pollOptions());
      s.onStatus(last);
      if (isTerminal(last.status)) return { kind: 'result', result: await finished(tasks, last, s), task: last };
      return { kind: 'expired', task: last };
    }
    await pause(delay, s.signal);
  }
}

async function finished(tasks: TaskClient, snapshot: TaskSnapshot, s: TaskWaitSettings): Promise<CallToolResult> {
  if (snapshot.status === 'cancelled') {
    throw new McpctlError(
      'tool',
      `task ${snapshot.taskId} of server "${s.server}" was cancelled${snapshot.statusMessage ? ` (${snapshot.statusMessage})` : ''}`,
      { server: s.server, phase: 'request' },
    );
  }
  return tasks.result(snapshot, s.pollOptions());
}

/** Sleeps, or rejects with the signal's reason as soon as it aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
