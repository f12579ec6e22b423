// `mcpctl tasks SERVER [TASK]`, `tasks cancel SERVER TASK`: the definitions (arguments, flags,
// help). The work is in run.ts, loaded only when one of them runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, type OptionsOf } from '../common/flags.js';
import { examples } from '../common/options.js';

const SERVER = 'a configured server name, or an http(s):// URL';

const tasks = declare({
  args: { server: arg('<server>', SERVER), task: arg('[task]', 'a task id: show its status') },
  flags: {
    wait: flag(
      '--wait',
      'wait for the task to finish and print its result as call does (Ctrl-C leaves the task running)',
    ),
    /** false with --no-input. */
    input: flag('--no-input', 'never ask questions (a task waiting on input is declined)'),
  },
});

const tasksCancel = declare({
  args: { server: arg('<server>', SERVER), task: arg('<task>', 'the task id') },
  flags: {},
});

export type TasksOptions = OptionsOf<typeof tasks>;
export type TasksCancelOptions = OptionsOf<typeof tasksCancel>;

export function tasksCommand(choice: Choice): Command {
  const command = tasks
    .command('tasks')
    .description("list a server's tasks, show one task's status, or wait for its result")
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
    .action(choice.action(tasks, async (deps, options) => (await import('./run.js')).runTasks(deps, options)));
  command.addCommand(
    tasksCancel
      .command('cancel')
      .description('cancel a task')
      .addHelpText('after', examples('mcpctl tasks cancel api 8d2c…'))
      .action(
        choice.action(tasksCancel, async (deps, options) => (await import('./run.js')).runTasksCancel(deps, options)),
      ),
  );
  return command;
}
