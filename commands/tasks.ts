// `mcpctl tasks SERVER [TASK]`, `tasks cancel SERVER TASK`: the tasks a server keeps, one task's
// status, waiting for its result (`--wait`, rendered as `call` renders it), cancelling it.
// Tasks started by `call --detach` in another process are found again here when the server
// keeps tasks across connections.

import { Command } from 'commander';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { examples } from './common/options.js';
import { printTaskHandle, renderCall, waitExpired } from './call.js';
import { McpctlError, usageError } from '../src/errors.js';
import type { ServerSpec } from '../src/config/types.js';
import type { Session } from '../src/mcp/session/session.js';
import type { TaskClient, TaskSnapshot } from '../src/mcp/requests/tasks.js';
import { TASKS_EXTENSION, listsTasks, taskWireOf, type TaskInfo } from '../src/mcp/requests/task-support.js';

export interface TasksOptions {
  server: string;
  task?: string;
  wait: boolean;
  input: boolean;
}

export function tasksCommand(state: RunState): Command {
  const tasks = new Command('tasks')
    .description("list a server's tasks, show one task's status, or wait for its result")
    .argument('<server>', 'a configured server name, or an http(s):// URL')
    .argument('[task]', 'a task id: show its status')
    .option('--wait', 'wait for the task to finish and print its result as call does (Ctrl-C leaves the task running)')
    .option('--no-input', 'never ask questions (a task waiting on input is declined)')
    .addHelpText(
      'after',
      examples(
        'mcpctl tasks api',
        'mcpctl tasks api 8d2c…',
        'mcpctl tasks api 8d2c… --wait',
        'mcpctl tasks api 8d2c… --wait --timeout 60 --json',
        'mcpctl tasks cancel api 8d2c…',
      ),
    )
    .action(
      async (server: string, task: string | undefined, flags: { wait?: boolean; input: boolean }, cmd: Command) => {
        await runTasks(state.begin(cmd), { server, task, wait: flags.wait === true, input: flags.input });
      },
    );
  tasks.addCommand(
    new Command('cancel')
      .description('cancel a task')
      .argument('<server>', 'a configured server name, or an http(s):// URL')
      .argument('<task>', 'the task id')
      .addHelpText('after', examples('mcpctl tasks cancel api 8d2c…'))
      .action(async (server: string, task: string, _flags: unknown, cmd: Command) => {
        await runTasksCancel(state.begin(cmd), server, task);
      }),
  );
  return tasks;
}

/** A session that speaks the server's task wire, and the wire's client. */
async function withTasks<T>(
  inv: Invocation,
  spec: ServerSpec,
  interactive: boolean,
  fn: (tasks: TaskClient, session: Session) => Promise<T>,
): Promise<T> {
  const [{ TaskClient }, settings] = await Promise.all([
    import('../src/mcp/requests/tasks.js'),
    requestSettings(inv, spec, interactive),
  ]);
  return inv.session(
    spec,
    async (session) => {
      const wire = taskWireOf(session.era, session.capabilities);
      if (!wire) {
        throw usageError(
          `server "${spec.name}" does not offer tasks (${session.era === 'modern' ? `no ${TASKS_EXTENSION} extension` : 'no tasks capability'})`,
          { server: spec.name },
        );
      }
      return fn(new TaskClient(session.client, wire, spec.name), session);
    },
    { answering: settings },
  );
}

function requestSettings(
  inv: Invocation,
  spec: ServerSpec,
  interactive: boolean,
): Promise<import('../src/mcp/session/client-requests.js').ClientRequestSettings> {
  const { ctx, out } = inv;
  const canAsk = interactive && ctx.io.stdinIsTTY && ctx.io.stderrIsTTY;
  return inv.clientRequestSettings(spec, {
    ask: canAsk
      ? async (request) => {
          out.stopSpinner();
          const [{ lineReader }, { askForm }] = await Promise.all([
            import('../src/ask/lines.js'),
            import('../src/ask/form.js'),
          ]);
          const lines = lineReader(ctx.io.stdin, ctx.io.stderr, ctx.signal);
          try {
            return await askForm(request, {
              lines,
              write: (t) => void ctx.io.stderr.write(t),
              chalk: out.errChalk,
              server: spec.name,
            });
          } finally {
            lines.close();
          }
        }
      : undefined,
    noAskReason: interactive ? 'no terminal to ask on (stdin and stderr are not both terminals)' : '--no-input',
  });
}

export async function runTasks(inv: Invocation, opts: TasksOptions): Promise<void> {
  const { out, ctx } = inv;
  const spec = await inv.resolve(opts.server);
  const deadline = inv.taskWaitDeadline();
  const spinner = await out.startSpinner(
    opts.task === undefined ? `listing tasks of ${spec.name}` : `asking ${spec.name} about task ${opts.task}`,
  );
  type Outcome =
    | { kind: 'list'; tasks: Array<TaskInfo & { raw: Record<string, unknown> }> }
    | { kind: 'one'; task: TaskSnapshot }
    | { kind: 'result'; result: CallToolResult }
    | { kind: 'expired'; task: TaskInfo };
  let outcome: Outcome;
  try {
    outcome = await withTasks(inv, spec, opts.input, async (tasks, session): Promise<Outcome> => {
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
      const [{ waitForTask }, { answerInputRequests }] = await Promise.all([
        import('../src/mcp/requests/task-wait.js'),
        import('../src/mcp/session/client-requests.js'),
      ]);
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
          answer: async (requests) => answerInputRequests(requests, await requestSettings(inv, spec, opts.input)),
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
      return printTaskList(inv, spec, outcome.tasks);
    case 'one':
      return printTask(inv, outcome.task);
    case 'expired':
      await printTaskHandle(inv, spec.name, outcome.task);
      throw waitExpired(inv, spec.name, outcome.task);
    case 'result':
      await renderCall(inv, outcome.result, { toolName: `task-${opts.task}`, structured: false });
      if (outcome.result.isError === true)
        throw new McpctlError('tool', `task ${opts.task} of server "${spec.name}" ended with a tool error`, {
          server: spec.name,
          phase: 'request',
        });
  }
}

export async function runTasksCancel(inv: Invocation, server: string, taskId: string): Promise<void> {
  const spec = await inv.resolve(server);
  const task = await withTasks(inv, spec, false, async (tasks, session) => {
    await tasks.cancel(taskId, session.requestOptions());
    // The extension's cancel is a bare acknowledgement: the status comes from tasks/get.
    return tasks.get(taskId, session.requestOptions());
  });
  inv.out.info(`task ${taskId} of ${spec.name} is ${task.status.replace('_', ' ')}`);
  return printTask(inv, task);
}

const COLUMNS = [
  { header: 'TASK', value: (t: TaskInfo) => t.taskId, priority: 3 },
  { header: 'STATUS', value: (t: TaskInfo) => t.status, priority: 2 },
  { header: 'MESSAGE', value: (t: TaskInfo) => t.statusMessage ?? '', wrap: true, optional: true, priority: 1 },
  { header: 'CREATED', value: (t: TaskInfo) => t.createdAt ?? '', optional: true },
  { header: 'UPDATED', value: (t: TaskInfo) => t.lastUpdatedAt ?? '', optional: true },
];

async function printTaskList(
  inv: Invocation,
  spec: ServerSpec,
  tasks: Array<TaskInfo & { raw: Record<string, unknown> }>,
): Promise<void> {
  const { out } = inv;
  const { stripTransportFields } = await import('../src/output/json.js');
  if (out.json) return out.printJson({ tasks: tasks.map((t) => stripTransportFields(t.raw)) });
  if (tasks.length === 0) {
    out.info(`server "${spec.name}" has no tasks`);
    return;
  }
  await out.print(await out.table(COLUMNS, tasks));
}

/** One task: the tasks/get answer with --json (transport fields stripped), else its row. */
async function printTask(inv: Invocation, task: TaskSnapshot): Promise<void> {
  const { out } = inv;
  const { stripTransportFields } = await import('../src/output/json.js');
  if (out.json) {
    const { resultType: _wire, ...rest } = stripTransportFields(task.raw);
    return out.printJson(rest);
  }
  await out.print(await out.table(COLUMNS, [task]));
}
