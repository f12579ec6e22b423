// `mcpctl call SERVER TOOL [ARG...]`: call a tool with arguments typed by its inputSchema.
// One session: list the tools (to find this one's schemas), build and check the arguments,
// call, answer the server's questions meanwhile; then check the structuredContent and render.

import { Command, Option } from 'commander';
import path from 'node:path';
import { promises as fs } from 'node:fs';
import type { CallToolResult, LoggingLevel, Progress, RequestOptions, Tool } from '@modelcontextprotocol/client';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { examples, parseLogLevel } from './common/options.js';
import { unknownTool } from './tools/run.js';
import { McpctlError, usageError } from '../src/errors.js';
import type { ServerSpec } from '../src/config/types.js';
import type { Spinner } from '../src/output/output.js';
import type { LineReader } from '../src/ask/lines.js';
import type { FormAnswer, FormRequest } from '../src/ask/form.js';
import type { Session } from '../src/mcp/session/session.js';
import type { TaskClient } from '../src/mcp/requests/tasks.js';
import {
  TASKS_EXTENSION,
  isTerminal,
  taskSupportOf,
  taskWireOf,
  type TaskInfo,
  type TaskWire,
} from '../src/mcp/requests/task-support.js';

export interface CallOptions {
  server?: string;
  tool?: string;
  /** key=value, key:=json, key=@file, `-`. */
  words: string[];
  argsJson?: string;
  argsFile?: string;
  /** false with --no-validate. */
  validate: boolean;
  structured: boolean;
  saveDir?: string;
  /** --save-dir may replace existing files. */
  force: boolean;
  logLevel?: LoggingLevel;
  /** false with --no-input. */
  input: boolean;
  /** --task: run a tool whose taskSupport is optional as a task. */
  task?: boolean;
  /** --detach: start the task, print its handle, leave. */
  detach?: boolean;
  /** --keep: Ctrl-C leaves the task running instead of cancelling it. */
  keep?: boolean;
}

/** The SDK's own default, for a session that sets no request timeout. */
const DEFAULT_IDLE_MS = 60_000;

interface CallFlags {
  args?: string;
  argsFile?: string;
  validate: boolean;
  structured?: boolean;
  saveDir?: string;
  force?: boolean;
  logLevel?: LoggingLevel;
  input: boolean;
  task?: boolean;
  detach?: boolean;
  keep?: boolean;
}

export function callCommand(state: RunState): Command {
  return new Command('call')
    .description("call a tool; arguments are typed by the tool's inputSchema and validated before sending")
    .argument('<server>', 'a configured server name, or an http(s):// URL (SERVER__TOOL as one word works too)')
    .argument('[tool]', 'the tool to call')
    .argument('[args...]', 'key=value, key:=<json>, key=@file, or - for a JSON object on stdin')
    .option('--args <json>', 'arguments as one JSON object')
    .option('--args-file <file>', 'arguments from a JSON file')
    .option('--no-validate', 'send the arguments without checking them against the inputSchema')
    .option('--structured', 'print structuredContent only, as JSON')
    .option(
      '--save-dir <dir>',
      'write images, audio and blobs from the result into this directory (existing files are kept: free names are used)',
    )
    .option('--force', 'with --save-dir: replace existing files of the same name')
    .addOption(
      new Option(
        '--log-level <level>',
        'ask the server for log messages at this level and show them on stderr',
      ).argParser(parseLogLevel),
    )
    .option('--no-input', 'never ask questions (elicitation requests are declined)')
    .option('--task', 'run the tool as a task (tools whose taskSupport is required always are)')
    .option(
      '--detach',
      'start the task, print its handle and leave it running (mcpctl tasks SERVER TASK --wait comes back for it)',
    )
    .option('--keep', 'on Ctrl-C leave the task running instead of cancelling it')
    .addHelpText(
      'after',
      examples(
        'mcpctl call everything echo message=hello',
        'mcpctl call everything get-sum a:=1 b:=2',
        'mcpctl call filesystem read_text_file path=@paths.txt',
        'echo \'{"message":"hi"}\' | mcpctl call everything echo -',
        'mcpctl call everything echo --args \'{"message":"hi"}\' --json',
        'mcpctl call everything get-tiny-image --save-dir out',
        'mcpctl call everything simulate-research-query topic=tides',
        'mcpctl call api report --detach --json',
      ),
    )
    .action(async (server: string, tool: string | undefined, args: string[], flags: CallFlags, cmd: Command) => {
      await runCall(state.begin(cmd), {
        server,
        tool,
        words: args,
        argsJson: flags.args,
        argsFile: flags.argsFile,
        validate: flags.validate,
        structured: flags.structured === true,
        saveDir: flags.saveDir,
        force: flags.force === true,
        logLevel: flags.logLevel,
        input: flags.input,
        task: flags.task === true,
        detach: flags.detach === true,
        keep: flags.keep === true,
      });
    });
}

/** The server, the tool and the argument words, whichever way they were written. */
async function target(
  inv: Invocation,
  opts: CallOptions,
): Promise<{ spec: ServerSpec; tool: string; words: string[] }> {
  let { server, tool } = opts;
  let words = opts.words;
  const shift = () => {
    if (tool !== undefined) words = [tool, ...words];
  };
  if (inv.global.stdio && server !== undefined) {
    // With --stdio there is no SERVER: the first word is the tool.
    shift();
    tool = server;
    server = undefined;
  } else if (server?.includes('__') && !/^https?:\/\//i.test(server)) {
    const names = new Set((await inv.loadConfig()).entries.map((e) => e.name));
    if (!names.has(server)) {
      for (let at = server.indexOf('__'); at > 0; at = server.indexOf('__', at + 1)) {
        if (names.has(server.slice(0, at))) {
          shift();
          tool = server.slice(at + 2);
          server = server.slice(0, at);
          break;
        }
      }
    }
  }
  const spec = await inv.resolve(server);
  if (tool === undefined || tool === '') {
    throw usageError('name the tool to call', { server: spec.name, hint: `mcpctl tools ${spec.name} lists its tools` });
  }
  return { spec, tool, words };
}

/** The tool as the SDK should see it: without outputSchema, so our check (exit 7) decides. */
function withoutOutputSchema(tool: Tool): Tool {
  const { outputSchema: _ignored, ...rest } = tool;
  return rest;
}

function progressText(tool: string, progress: Progress): string {
  if (progress.total)
    return `${tool}: ${Math.round((progress.progress / progress.total) * 100)}%${progress.message ? ` ${progress.message}` : ''}`;
  return `${tool}: ${progress.message ?? progress.progress}`;
}

export async function runCall(inv: Invocation, opts: CallOptions): Promise<void> {
  const { out, ctx } = inv;
  if (opts.force && opts.saveDir === undefined) throw usageError('--force goes with --save-dir DIR');
  const { spec, tool: toolName, words } = await target(inv, opts);
  const { toolAllowed } = await import('../src/mcp/requests/filters.js');
  if (!toolAllowed(spec, toolName)) {
    throw usageError(
      `tool "${toolName}" of server "${spec.name}" is disabled by the config (enabledTools/disabledTools)`,
      {
        server: spec.name,
        hint: `change enabledTools/disabledTools of "${spec.name}" in ${spec.source} to allow it`,
      },
    );
  }
  // The server boots while the SDK and the argument parser load.
  await inv.prestart(spec);
  const [{ listAll }, args, clientRequests, serverLog, { validateStructuredContent }] = await Promise.all([
    import('../src/mcp/requests/lists.js'),
    import('../src/args/index.js'),
    import('../src/mcp/session/client-requests.js'),
    import('../src/mcp/requests/server-log.js'),
    import('../src/args/output.js'),
  ]);
  const saveDir = opts.saveDir === undefined ? undefined : path.resolve(ctx.cwd, opts.saveDir);

  let spinnerText = `calling ${toolName} on ${spec.name}`;
  let spinner: Spinner = await out.startSpinner(spinnerText);
  let finished = false;
  const interactive = opts.input && ctx.io.stdinIsTTY && ctx.io.stderrIsTTY;
  let lines: LineReader | undefined;
  // Set while the call is in flight, when a person may be asked: their thinking time is no
  // server silence.
  let idle: import('../src/mcp/session/idle-timer.js').IdleTimer | undefined;
  const ask = (request: FormRequest): Promise<FormAnswer> =>
    idle ? idle.whilePaused(() => askPerson(request)) : askPerson(request);
  const askPerson = async (request: FormRequest): Promise<FormAnswer> => {
    spinner.stop();
    const [{ lineReader }, { askForm }] = await Promise.all([
      import('../src/ask/lines.js'),
      import('../src/ask/form.js'),
    ]);
    lines ??= lineReader(ctx.io.stdin, ctx.io.stderr, ctx.signal);
    try {
      return await askForm(request, {
        lines,
        write: (t) => void ctx.io.stderr.write(t),
        chalk: out.errChalk,
        server: spec.name,
      });
    } finally {
      // The call may have ended (timeout, Ctrl-C) while the person was typing: no new spinner then.
      const resumed = finished ? undefined : await out.startSpinner(spinnerText);
      if (resumed && finished) resumed.stop();
      else if (resumed) spinner = resumed;
    }
  };
  const showLogs = (out.verbose || opts.logLevel !== undefined) && !out.quiet;
  const requestSettings = await inv.clientRequestSettings(spec, {
    ask: interactive ? ask : undefined,
    noAskReason: opts.input ? 'no terminal to ask on (stdin and stderr are not both terminals)' : '--no-input',
  });
  const deadline = inv.taskWaitDeadline();
  // The task this call started, while it runs: Ctrl-C cancels it (unless --keep or --detach).
  let running: { tasks: TaskClient; task: TaskInfo } | undefined;

  let tool: Tool | undefined;
  let outcome: CallOutcome;
  try {
    outcome = await inv.session(
      spec,
      async (session): Promise<CallOutcome> => {
        // One set of options for every request: --timeout bounds the whole call, not each step.
        const base = session.requestOptions();
        const listed = await listAll(session.client, 'tools', {
          until: (t) => t.name === toolName,
          requestOptions: base,
        });
        tool = listed.items.find((t) => t.name === toolName);
        if (!tool)
          throw unknownTool(
            spec,
            toolName,
            listed.items.filter((t) => toolAllowed(spec, t.name)),
          );
        if (session.era === 'modern')
          refuseBadHeaders(spec, tool, (line) => out.warn(line), await import('../src/mcp/requests/x-mcp-header.js'));
        const where = { server: spec.name, tool: toolName };
        const given = await args.buildArguments(
          {
            words,
            argsJson: opts.argsJson,
            argsFile: opts.argsFile,
            cwd: ctx.cwd,
            readStdin: async () => (await import('../src/args/stdin.js')).readAllText(ctx.io.stdin),
            readFile: (file) => fs.readFile(file),
          },
          tool.inputSchema,
          where,
        );
        const { args: callArgs, filled } = args.fillRequiredDefaults(given, tool.inputSchema);
        for (const { name, value } of filled)
          out.debug(
            `argument "${name}" is required and was not given: filled with its default ${JSON.stringify(value)}`,
          );
        if (opts.validate)
          args.validateArguments(callArgs, tool.inputSchema, where).warnings.forEach((w) => out.warn(w));
        const taskWire = chooseTaskWire(session, tool, opts);
        let meta: Record<string, unknown> | undefined;
        if (opts.logLevel !== undefined) {
          meta = await serverLog.requestLogs(session, opts.logLevel);
          if (meta === undefined)
            out.warn(`server "${spec.name}" does not offer log messages (no logging capability); --log-level ignored`);
        }
        const onprogress = (progress: Progress) => {
          idle?.touch();
          spinnerText = progressText(toolName, progress);
          spinner.update(spinnerText);
        };
        let callOptions: RequestOptions = { ...base, onprogress };
        if (interactive) {
          const { IdleTimer, NEVER_MS } = await import('../src/mcp/session/idle-timer.js');
          idle = new IdleTimer(base.timeout ?? DEFAULT_IDLE_MS);
          idle.touch();
          callOptions = {
            ...callOptions,
            timeout: NEVER_MS,
            signal: base.signal ? AbortSignal.any([base.signal, idle.signal]) : idle.signal,
          };
        }
        const params = {
          name: toolName,
          arguments: callArgs,
          ...(meta && Object.keys(meta).length ? { _meta: meta } : {}),
        };
        const send = async () =>
          (await session.client.callTool(params, {
            ...callOptions,
            toolDefinition: withoutOutputSchema(tool!),
          })) as Record<string, unknown>;
        try {
          if (!taskWire) return { kind: 'result', result: (await send()) as CallToolResult };
          const { TaskClient, passTaskResults } = await import('../src/mcp/requests/tasks.js');
          if (taskWire.wire === 'extension') passTaskResults(session.client);
          const tasks = new TaskClient(session.client, taskWire.wire, spec.name);
          const started = await tasks.callTool(params, taskWire.asTask, send, callOptions);
          if (started.kind === 'result') {
            if (opts.detach)
              out.info(`server "${spec.name}" answered at once instead of starting a task; nothing to detach from`);
            return started;
          }
          running = { tasks, task: started.task };
          out.info(
            `${toolName}: task ${started.task.taskId} started on ${spec.name}${taskSupportOf(tool!) === 'required' ? ' (the tool runs only as a task)' : ''}`,
          );
          if (opts.detach) return { kind: 'detached', task: started.task };
          const { waitForTask } = await import('../src/mcp/requests/task-wait.js');
          const waited = await waitForTask(tasks, started.task, {
            server: spec.name,
            pollOptions: () => session.requestOptions(),
            blockingOptions: callOptions,
            deadline,
            now: ctx.now,
            signal: ctx.signal,
            onStatus: (task) => {
              running = { tasks, task };
              idle?.touch();
              spinnerText = `${toolName}: task ${task.status.replace('_', ' ')}${task.statusMessage ? ` · ${task.statusMessage}` : ''}`;
              spinner.update(spinnerText);
              out.debug(`task ${task.taskId}: ${task.status}${task.statusMessage ? ` (${task.statusMessage})` : ''}`);
            },
            answer: (requests) => clientRequests.answerInputRequests(requests, requestSettings),
          });
          running = { tasks, task: waited.task };
          return waited.kind === 'expired'
            ? { kind: 'expired', task: waited.task }
            : { kind: 'result', result: waited.result };
        } finally {
          idle?.stop();
        }
      },
      {
        answering: requestSettings,
        configureClient: (client) => {
          if (showLogs) serverLog.showServerLogs(client, spec.name, (line) => out.info(line));
        },
        onInterrupted: async () => {
          if (!running || isTerminal(running.task.status)) return;
          const id = running.task.taskId;
          if (opts.keep || opts.detach) {
            out.info(`task ${id} keeps running; mcpctl tasks ${spec.name} ${id} --wait fetches its result`);
            return;
          }
          try {
            await running.tasks.cancel(id, { timeout: CANCEL_TIMEOUT_MS });
            out.info(`cancelled task ${id} on ${spec.name}`);
          } catch (err) {
            out.warn(
              `could not cancel task ${id} on ${spec.name} (${err instanceof Error ? err.message : String(err)}); mcpctl tasks cancel ${spec.name} ${id} tries again`,
            );
          }
        },
      },
    );
  } finally {
    finished = true;
    lines?.close();
    spinner.stop();
  }

  if (outcome.kind !== 'result') {
    await printTaskHandle(inv, spec.name, outcome.task);
    if (outcome.kind === 'detached') return;
    throw waitExpired(inv, spec.name, outcome.task);
  }
  const result = outcome.result;
  const outputCheck = capture(() => validateStructuredContent(result, tool!, spec.name));
  outputCheck.value?.warnings.forEach((w) => out.warn(w));
  await renderCall(inv, result, { toolName, structured: opts.structured, saveDir, force: opts.force });
  if (result.isError === true) {
    throw new McpctlError('tool', `tool "${toolName}" of server "${spec.name}" reported an error`, {
      server: spec.name,
      phase: 'request',
    });
  }
  if (outputCheck.error) throw outputCheck.error;
}

/** SEP-2243: a tool whose x-mcp-header marks are invalid is not called (warned, then exit 2). */
function refuseBadHeaders(
  spec: ServerSpec,
  tool: Tool,
  warn: (line: string) => void,
  rules: typeof import('../src/mcp/requests/x-mcp-header.js'),
): void {
  const fault = rules.headerFault(tool);
  if (!fault) return;
  const message = rules.headerFaultMessage(spec.name, tool.name, fault);
  warn(message);
  throw usageError(
    `tool "${tool.name}" of server "${spec.name}" is not called: its x-mcp-header marks break the ${fault.rule} rule`,
    {
      server: spec.name,
      hint: "the server must fix the tool's inputSchema; mcpctl tools lists the tools it can call",
    },
  );
}

type CallOutcome =
  | { kind: 'result'; result: CallToolResult }
  | { kind: 'detached'; task: TaskInfo }
  | { kind: 'expired'; task: TaskInfo };

/** How long a Ctrl-C waits for the server to take a task's cancellation. */
const CANCEL_TIMEOUT_MS = 5_000;

/**
 * Whether this call speaks tasks, and on which wire: 2025-11-25 servers run a tool as a task
 * when its taskSupport requires it or --task/--detach asks for an optional one; on 2026-07-28
 * the tasks extension lets the server decide for any call.
 */
function chooseTaskWire(
  session: Session,
  tool: Tool,
  opts: CallOptions,
): { wire: TaskWire; asTask: boolean } | undefined {
  const wire = taskWireOf(session.era, session.capabilities);
  const support = taskSupportOf(tool);
  const asked = opts.task === true || opts.detach === true;
  const where = { server: session.spec.name };
  if (session.era === 'modern') {
    if (wire) return { wire, asTask: true };
    if (asked)
      throw usageError(`server "${session.spec.name}" does not offer tasks (no ${TASKS_EXTENSION} extension)`, {
        ...where,
        hint: 'drop --task/--detach',
      });
    return undefined;
  }
  if (asked && support === 'forbidden') {
    throw usageError(
      `tool "${tool.name}" of server "${session.spec.name}" does not run as a task (its execution.taskSupport is ${tool.execution?.taskSupport ?? 'absent'})`,
      { ...where, hint: 'drop --task/--detach' },
    );
  }
  if (support === 'required' || (support === 'optional' && asked)) return { wire: 'core', asTask: true };
  return undefined;
}

/** --timeout ran out while waiting: the task keeps running, and this says how to come back. */
export function waitExpired(inv: Invocation, server: string, task: TaskInfo): McpctlError {
  return new McpctlError(
    'timeout',
    `--timeout ${inv.global.timeout}s expired while waiting for task ${task.taskId} of server "${server}"; the task keeps running`,
    {
      server,
      phase: 'request',
      hint: `mcpctl tasks ${server} ${task.taskId} --wait comes back for its result`,
    },
  );
}

/** A task's handle: the id on stdout (with --json the handle object), how to come back on stderr. */
export async function printTaskHandle(inv: Invocation, server: string, task: TaskInfo): Promise<void> {
  const { out } = inv;
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

function capture<T>(fn: () => T): { value?: T; error?: unknown } {
  try {
    return { value: fn() };
  } catch (error) {
    return { error };
  }
}

export async function renderCall(
  inv: Invocation,
  result: CallToolResult,
  opts: { toolName: string; structured: boolean; saveDir?: string; force?: boolean },
): Promise<void> {
  const { toolName, saveDir } = opts;
  const { out, ctx } = inv;
  const [{ stripTransportFields }, view, { withNewline }, { write }] = await Promise.all([
    import('../src/output/json.js'),
    import('../src/output/tool-result.js'),
    import('../src/output/content.js'),
    import('../src/output/output.js'),
  ]);
  let saved: Map<number, string> | undefined;
  if (saveDir !== undefined && view.hasBinaries(result)) {
    const { ensureDirectory } = await import('../src/output/save.js');
    await ensureDirectory(saveDir);
    const written = await view.saveBinaries(result, saveDir, toolName, { force: opts.force === true });
    for (const { file, taken } of written.values())
      out.info(`saved ${file}${taken ? ` (${taken} exists; --force replaces it)` : ''}`);
    saved = new Map([...written].map(([i, { file }]) => [i, file]));
  }
  if (out.json) return out.printJson(stripTransportFields(result));
  if (opts.structured) {
    if (result.isError === true) {
      await write(ctx.io.stderr, withNewline(view.joinedText(result)));
      return;
    }
    if (result.structuredContent === undefined) {
      throw usageError(`tool "${toolName}" returned no structuredContent`, {
        hint: 'drop --structured to see what it returned',
      });
    }
    return out.printJson(result.structuredContent);
  }
  if (out.tty) {
    const text = view.renderToolResult(result, { chalk: out.chalk, saved });
    if (!saved && view.hasBinaries(result))
      out.info(out.errChalk.dim('(--save-dir DIR writes images, audio and blobs to files)'));
    return out.print(withNewline(text));
  }
  const text = withNewline(view.joinedText(result));
  if (result.isError === true) return write(ctx.io.stderr, text);
  if (!view.hasText(result)) {
    // A pipe gets text only: without any, say on stderr what came instead of printing nothing.
    const summaries = view.summarizeBlocks(result, { chalk: out.errChalk, saved });
    out.info(
      summaries.length === 0 ? `tool "${toolName}" returned no content` : `tool "${toolName}" returned no text, only:`,
    );
    for (const line of summaries) out.info(`  ${line}`);
    if (!saved && view.hasBinaries(result))
      out.info(
        out.errChalk.dim('(--save-dir DIR writes images, audio and blobs to files; --json prints the whole result)'),
      );
  }
  return out.print(text);
}
