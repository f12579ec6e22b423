// `mcpctl tasks SERVER [TASK]`, `tasks cancel SERVER TASK`: the definitions (arguments, flags,
// help). The work is in run.ts, loaded only when one of them runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples } from '../common/options.js';

export interface TasksOptions {
  server: string;
  task?: string;
  wait: boolean;
  /** false with --no-input. */
  input: boolean;
}

export interface TasksCancelOptions {
  server: string;
  task: string;
}

export function tasksCommand(choice: Choice): Command {
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
    .action((server: string, task: string | undefined, flags: { wait?: boolean; input: boolean }, cmd: Command) =>
      choice.set(cmd, async (deps) =>
        (await import('./run.js')).runTasks(deps, { server, task, wait: flags.wait === true, input: flags.input }),
      ),
    );
  tasks.addCommand(
    new Command('cancel')
      .description('cancel a task')
      .argument('<server>', 'a configured server name, or an http(s):// URL')
      .argument('<task>', 'the task id')
      .addHelpText('after', examples('mcpctl tasks cancel api 8d2c…'))
      .action((server: string, task: string, _flags: unknown, cmd: Command) =>
        choice.set(cmd, async (deps) => (await import('./run.js')).runTasksCancel(deps, { server, task })),
      ),
  );
  return tasks;
}
