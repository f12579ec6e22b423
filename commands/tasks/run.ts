// `mcpctl tasks SERVER [TASK]`, `tasks cancel SERVER TASK`: the tasks a server keeps, one task's
// status, waiting for its result (`--wait`, rendered as `call` renders it), cancelling it.
// Tasks started by `call --detach` in another process are found again here when the server
// keeps tasks across connections.

import type { CallToolResult } from '@modelcontextprotocol/client';
import type { Deps } from '../common/deps.js';
import type { Mcp } from '../common/sessions.js';
import type { Asking } from '../common/session-plan.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import { askOnTerminal, askingOnTerminal } from '../common/ask.js';
import { loadChecks } from '../common/checks.js';
import { renderCall } from '../common/call-result.js';
import { printTaskHandle, waitExpired } from '../common/task-handle.js';
import type { TasksCancelOptions, TasksOptions } from './command.js';
import { McpctlError, usageError } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import type { Session } from '../../src/mcp/session/session.js';
import type { ClientRequestSettings } from '../../src/mcp/session/client-requests.js';
import type { TaskClient, TaskSnapshot } from '../../src/mcp/requests/tasks.js';
import { TASKS_EXTENSION, listsTasks, taskWireOf, type TaskInfo } from '../../src/mcp/requests/task-support.js';
import { waitForTask } from '../../src/mcp/requests/task-wait.js';
import { lineReader } from '../../src/ask/lines.js';
import { stripTransportFields } from '../../src/output/json.js';

type TasksOutcome =
  | { kind: 'list'; tasks: Array<TaskInfo & { raw: Record<string, unknown> }> }
  | { kind: 'one'; task: TaskSnapshot }
  | { kind: 'result'; result: CallToolResult }
  | { kind: 'expired'; task: TaskInfo };

export async function runTasks(deps: Deps, opts: TasksOptions): Promise<Outcome> {
  const { out, ctx } = deps;
  const spec = await deps.servers.resolve(opts.server);
  const deadline = deps.deadline.taskWaitEndsAt();
  const spinner = await out.startSpinner(
    opts.task === undefined ? `listing tasks of ${spec.name}` : `asking ${spec.name} about task ${opts.task}`,
  );
  let outcome: TasksOutcome;
  try {
    outcome = await withTasks(deps, spec, opts.input, async (tasks, session, mcp, answering): Promise<TasksOutcome> => {
      if (opts.task === undefined) {
        if (!listsTasks(tasks.wire, session.capabilities)) {
          throw usageError(
            `server "${spec.name}" does not list its tasks (${tasks.wire === 'extension' ? 'the 2026-07-28 tasks extension has no tasks/list' : 'no tasks.list capability'})`,
            {
              server: spec.name,
              hint: `mcpctl tasks ${spec.name} TASK shows one task by its id`,
            },
          );
        }
        return { kind: 'list', tasks: await tasks.list(session.requestOptions()) };
      }
      if (!opts.wait) return { kind: 'one', task: await tasks.get(opts.task, session.requestOptions()) };
      const waited = await waitForTask(
        tasks,
        { taskId: opts.task, status: 'working' },
        {
          server: spec.name,
          pollOptions: () => session.requestOptions(),
          blockingOptions: session.requestOptions(),
          deadline,
          now: ctx.now,
          signal: ctx.signal,
          onStatus: (task) =>
            spinner.update(
              `task ${task.taskId}: ${task.status.replace('_', ' ')}${task.statusMessage ? ` · ${task.statusMessage}` : ''}`,
            ),
          answer: (requests) => mcp.answerInputRequests(requests, answering),
        },
      );
      return waited.kind === 'expired'
        ? { kind: 'expired', task: waited.task }
        : { kind: 'result', result: waited.result };
    });
  } finally {
    spinner.stop();
  }

  switch (outcome.kind) {
    case 'list':
      await printTaskList(deps, spec, outcome.tasks);
      return SUCCESS;
    case 'one':
      await printTask(deps, outcome.task);
      return SUCCESS;
    case 'expired':
      await printTaskHandle(deps, spec.name, outcome.task);
      throw waitExpired(deps, spec.name, outcome.task);
    case 'result':
      await renderCall(deps, outcome.result, { toolName: `task-${opts.task}`, structured: false });
      if (outcome.result.isError === true)
        throw new McpctlError('tool', `task ${opts.task} of server "${spec.name}" ended with a tool error`, {
          server: spec.name,
          phase: 'request',
        });
      return SUCCESS;
  }
}

export async function runTasksCancel(deps: Deps, opts: TasksCancelOptions): Promise<Outcome> {
  const spec = await deps.servers.resolve(opts.server);
  const task = await withTasks(deps, spec, false, async (tasks, session) => {
    await tasks.cancel(opts.task, session.requestOptions());
    // The extension's cancel is a bare acknowledgement: the status comes from tasks/get.
    return tasks.get(opts.task, session.requestOptions());
  });
  deps.out.info(`task ${opts.task} of ${spec.name} is ${task.status.replace('_', ' ')}`);
  await printTask(deps, task);
  return SUCCESS;
}

/** A session that speaks the server's task wire, the wire's client, and how questions are answered. */
async function withTasks<T>(
  deps: Deps,
  spec: ServerSpec,
  interactive: boolean,
  fn: (tasks: TaskClient, session: Session, mcp: Mcp, answering: ClientRequestSettings) => Promise<T>,
): Promise<T> {
  return deps.sessions.open(
    spec,
    async (session, mcp) => {
      const wire = taskWireOf(session.era, session.capabilities);
      if (!wire) {
        throw usageError(
          `server "${spec.name}" does not offer tasks (${session.era === 'modern' ? `no ${TASKS_EXTENSION} extension` : 'no tasks capability'})`,
          { server: spec.name },
        );
      }
      // Every plan of a command's session says how questions are answered (session-plan.ts).
      return fn(new mcp.TaskClient(session.client, wire, spec.name), session, mcp, session.plan.answers!);
    },
    { asking: asking(deps, spec, interactive), alongside: interactive ? loadChecks : undefined },
  );
}

/** Who answers the server's questions while a task is waited for: the person at the terminal, if any. */
function asking(deps: Deps, spec: ServerSpec, interactive: boolean): Asking {
  const { ctx, out } = deps;
  return askingOnTerminal(deps, interactive, async (request) => {
    out.stopSpinner();
    const lines = lineReader(ctx.io.stdin, ctx.io.stderr, ctx.signal);
    try {
      return await askOnTerminal(deps, spec.name, lines, request);
    } finally {
      lines.close();
    }
  });
}

const COLUMNS = [
  { header: 'TASK', value: (t: TaskInfo) => t.taskId, id: true },
  { header: 'STATUS', value: (t: TaskInfo) => t.status, priority: 2 },
  { header: 'MESSAGE', value: (t: TaskInfo) => t.statusMessage ?? '', wrap: true, optional: true, priority: 1 },
  { header: 'CREATED', value: (t: TaskInfo) => t.createdAt ?? '', optional: true },
  { header: 'UPDATED', value: (t: TaskInfo) => t.lastUpdatedAt ?? '', optional: true },
];

async function printTaskList(
  deps: Deps,
  spec: ServerSpec,
  tasks: Array<TaskInfo & { raw: Record<string, unknown> }>,
): Promise<void> {
  const { out } = deps;
  if (out.json) return out.printJson({ tasks: tasks.map((t) => stripTransportFields(t.raw)) });
  if (tasks.length === 0) {
    out.info(`server "${spec.name}" has no tasks`);
    return;
  }
  await out.print(await out.table(COLUMNS, tasks));
}

/** One task: the tasks/get answer with --json (transport fields stripped), else its row. */
async function printTask(deps: Deps, task: TaskSnapshot): Promise<void> {
  const { out } = deps;
  if (out.json) {
    const { resultType: _wire, ...rest } = stripTransportFields(task.raw);
    return out.printJson(rest);
  }
  await out.print(await out.table(COLUMNS, [task]));
}
