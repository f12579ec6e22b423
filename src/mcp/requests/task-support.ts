// What a task is and who speaks tasks, without the SDK: the command tree's modules read these
// before any connection (and `--help` must not load the SDK).

import type { ServerCapabilities, Tool } from '@modelcontextprotocol/client';

import { TASKS_EXTENSION } from '../session/extensions.js';

export { TASKS_EXTENSION };

/** `core`: 2025-11-25 tasks; `extension`: the 2026-07-28 tasks extension. */
export type TaskWire = 'core' | 'extension';

export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface TaskInfo {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  /** Milliseconds the server keeps the task; null: no limit. */
  ttlMs?: number | null;
  /** The interval the server suggests between polls, in milliseconds. */
  pollIntervalMs?: number;
}

export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** The wire this server speaks tasks on, if any. */
export function taskWireOf(
  era: 'legacy' | 'modern',
  capabilities: ServerCapabilities | undefined,
): TaskWire | undefined {
  const caps = (capabilities ?? {}) as Record<string, unknown>;
  if (era === 'modern') {
    const extensions = caps.extensions as Record<string, unknown> | undefined;
    return extensions && typeof extensions === 'object' && TASKS_EXTENSION in extensions ? 'extension' : undefined;
  }
  return caps.tasks && typeof caps.tasks === 'object' ? 'core' : undefined;
}

/** Whether the server lists tasks (core wire with `tasks.list`; the extension has no list). */
export function listsTasks(wire: TaskWire | undefined, capabilities: ServerCapabilities | undefined): boolean {
  const tasks = (capabilities as { tasks?: { list?: unknown } } | undefined)?.tasks;
  return wire === 'core' && tasks?.list !== undefined;
}

/** A tool's `execution.taskSupport`, `forbidden` when absent. */
export function taskSupportOf(tool: Tool): 'required' | 'optional' | 'forbidden' {
  const support = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
  return support === 'required' || support === 'optional' ? support : 'forbidden';
}
