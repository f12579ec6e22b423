// A task left running (by `call --detach`, or when --timeout ends the wait for it): its handle
// for scripts and how to come back for its result. Shared by `call` and `tasks --wait`.

import type { Deps } from './deps.js';
import { McpctlError } from '../../src/errors.js';
import type { TaskInfo } from '../../src/mcp/requests/task-support.js';

/** A task's handle: the id on stdout (with --json the handle object), how to come back on stderr. */
export async function printTaskHandle(deps: Deps, server: string, task: TaskInfo): Promise<void> {
  const { out } = deps;
  out.info(
    `task ${task.taskId} is ${task.status.replace('_', ' ')}; mcpctl tasks ${server} ${task.taskId} --wait fetches its result`,
  );
  if (out.json)
    return out.printJson({
      server,
      taskId: task.taskId,
      status: task.status,
      ...(task.pollIntervalMs !== undefined ? { pollInterval: task.pollIntervalMs } : {}),
    });
  return out.print(task.taskId + '\n');
}

/** --timeout ran out while waiting: the task keeps running, and this says how to come back. */
export function waitExpired(deps: Deps, server: string, task: TaskInfo): McpctlError {
  return new McpctlError(
    'timeout',
    `--timeout ${deps.global.timeout}s expired while waiting for task ${task.taskId} of server "${server}"; the task keeps running`,
    {
      server,
      phase: 'request',
      hint: `mcpctl tasks ${server} ${task.taskId} --wait comes back for its result`,
    },
  );
}
