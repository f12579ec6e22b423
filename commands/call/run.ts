// `mcpctl call SERVER TOOL [ARG...]`: call a tool with arguments typed by its inputSchema.
// One session: list the tools (to find this one's schemas), build and check the arguments,
// call, answer the server's questions meanwhile; then check the structuredContent and render.

import path from 'node:path';
import { promises as fs } from 'node:fs';
import type { CallToolResult, Progress, RequestOptions, Tool } from '@modelcontextprotocol/client';
import type { Deps } from '../common/deps.js';
import { type Checks, loadChecks } from '../common/checks.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import { type Positionals, shiftedForStdio } from '../common/positionals.js';
import type { Mcp } from '../common/sessions.js';
import { unknownTool } from '../common/unknown-tool.js';
import { leftOutError } from '../common/malformed.js';
import type { CallOptions } from './command.js';
import { askingOnTerminal } from '../common/ask.js';
import { CallProgress } from './progress.js';
import { renderCall } from '../common/call-result.js';
import { printTaskHandle, waitExpired } from '../common/task-handle.js';
import { McpctlError, usageError } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import type { Session } from '../../src/mcp/session/session.js';
import type { TaskClient } from '../../src/mcp/requests/tasks.js';
import { toolAllowed } from '../../src/mcp/requests/filters.js';
import { headerFault, headerFaultMessage } from '../../src/mcp/requests/x-mcp-header.js';
import { waitForTask } from '../../src/mcp/requests/task-wait.js';
import {
  TASKS_EXTENSION,
  isTerminal,
  taskSupportOf,
  taskWireOf,
  type TaskInfo,
  type TaskWire,
} from '../../src/mcp/requests/task-support.js';
import type { OutputCheck } from '../../src/args/output.js';
import { buildArguments } from '../../src/args/build.js';
import { fillRequiredDefaults } from '../../src/args/defaults.js';
import { readAllText } from '../../src/args/stdin.js';
import { untilAborted } from '../../src/mcp/wait.js';

/** The SDK's own default, for a session that sets no request timeout. */
const DEFAULT_IDLE_MS = 60_000;
/** How long a Ctrl-C waits for the server to take a task's cancellation. */
const CANCEL_TIMEOUT_MS = 5_000;

type CallOutcome =
  | { kind: 'result'; result: CallToolResult; outputCheck?: Captured<OutputCheck> }
  | { kind: 'detached'; task: TaskInfo }
  | { kind: 'expired'; task: TaskInfo };

/** What every step of one call knows: who is called, with what, and who watches. */
interface Call {
  deps: Deps;
  opts: CallOptions;
  spec: ServerSpec;
  toolName: string;
  words: string[];
  progress: CallProgress;
  /** Whether a person may be asked: then a pausable idle timer stands in for the SDK's. */
  interactive: boolean;
  /** The task this call started, while it runs: Ctrl-C cancels it (unless --keep or --detach). */
  running?: { tasks: TaskClient; task: TaskInfo };
}

/** The request as it goes out, plainly or as a task. */
interface Sending {
  session: Session;
  mcp: Mcp;
  tool: Tool;
  params: { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> };
  options: RequestOptions;
  send: () => Promise<Record<string, unknown>>;
  /** The structuredContent is checked here, where the schema engine is at hand, and reported after. */
  checked: (outcome: CallOutcome) => CallOutcome;
}

export async function runCall(deps: Deps, opts: CallOptions): Promise<Outcome> {
  if (opts.force && opts.saveDir === undefined) throw usageError('--force goes with --save-dir DIR');
  const { spec, tool: toolName, words } = await target(deps, opts);
  if (!toolAllowed(spec, toolName)) {
    throw usageError(
      `tool "${toolName}" of server "${spec.name}" is disabled by the config (enabledTools/disabledTools)`,
      {
        server: spec.name,
        hint: `change enabledTools/disabledTools of "${spec.name}" in ${spec.source} to allow it`,
      },
    );
  }
  const saveDir = opts.saveDir === undefined ? undefined : path.resolve(deps.ctx.cwd, opts.saveDir);
  const progress = await CallProgress.start(deps, spec.name, `calling ${toolName} on ${spec.name}`);
  let outcome: CallOutcome;
  try {
    const asking = askingOnTerminal(deps, opts.input, (request) => progress.ask(request));
    const call: Call = { deps, opts, spec, toolName, words, progress, interactive: asking.ask !== undefined };
    const serverLogs = (deps.out.verbose || opts.logLevel !== undefined) && !deps.out.quiet;
    outcome = await deps.sessions
      .open(spec, (session, mcp) => callTool(call, session, mcp), { asking, serverLogs, alongside: loadChecks })
      .catch(async (err: unknown) => {
        // Ctrl-C: the server is still there (it is ended once the error is printed) to hear it.
        if (deps.ctx.signal.aborted) await cancelRunning(call);
        throw err;
      });
  } finally {
    progress.end();
  }
  return finishCall(deps, opts, spec, toolName, saveDir, outcome);
}

/** Inside the session: find the tool, build its arguments, send, and wait for the answer. */
async function callTool(call: Call, session: Session, mcp: Mcp): Promise<CallOutcome> {
  const { opts, spec } = call;
  const checks = await loadChecks();
  // One set of options for every request: --timeout bounds the whole call, not each step.
  const base = session.requestOptions();
  const tool = await findTool(call, session, mcp, base);
  const args = await callArguments(call, tool, checks);
  const taskWire = chooseTaskWire(session, tool, opts);
  const params = { name: call.toolName, arguments: args, ...(await logsMeta(call, session, mcp)) };
  const options = callOptions(call, mcp, base);
  const sending: Sending = {
    session,
    mcp,
    tool,
    params,
    options,
    send: async () =>
      (await session.client.callTool(params, {
        ...options,
        toolDefinition: withoutOutputSchema(tool),
      })) as Record<string, unknown>,
    checked: (outcome) =>
      outcome.kind === 'result'
        ? { ...outcome, outputCheck: capture(() => checks.validateStructuredContent(outcome.result, tool, spec.name)) }
        : outcome,
  };
  try {
    if (!taskWire) return sending.checked({ kind: 'result', result: (await sending.send()) as CallToolResult });
    return await runAsTask(call, sending, taskWire);
  } finally {
    call.progress.stopIdle();
  }
}

/** The tool as listed, or why it cannot be called. */
async function findTool(call: Call, session: Session, mcp: Mcp, base: RequestOptions): Promise<Tool> {
  const { spec, toolName } = call;
  const listed = await mcp.listAll(session.client, 'tools', {
    until: (t) => t.name === toolName,
    requestOptions: base,
  });
  const tool = listed.items.find((t) => t.name === toolName);
  const leftOut = listed.malformed.find((m) => m.name === toolName);
  if (!tool && leftOut) throw leftOutError(spec.name, 'tool', leftOut);
  if (!tool)
    throw unknownTool(
      spec,
      toolName,
      listed.items.filter((t) => toolAllowed(spec, t.name)),
    );
  if (session.era === 'modern') refuseBadHeaders(spec, tool, (line) => call.deps.out.warn(line));
  return tool;
}

/** Standard input read whole, but no longer than --timeout allows, and never past Ctrl-C. */
async function stdinWithin(deps: Deps): Promise<string> {
  const limit = deps.deadline.timer(
    (ms) =>
      new McpctlError('timeout', `standard input did not end within --timeout ${ms / 1000}s`, {
        hint: 'end the input (Ctrl-D at a terminal), or raise --timeout',
      }),
  );
  try {
    return await untilAborted(readAllText(deps.ctx.io.stdin), AbortSignal.any([deps.ctx.signal, limit.signal]));
  } catch (err) {
    if (deps.ctx.signal.aborted) throw new McpctlError('interrupted', 'interrupted while reading standard input');
    throw err;
  } finally {
    limit.stop();
  }
}

/** The arguments from words, --args-json, --args-file or stdin, typed, completed and checked. */
async function callArguments(call: Call, tool: Tool, checks: Checks): Promise<Record<string, unknown>> {
  const { deps, opts } = call;
  const { ctx, out } = deps;
  const where = { server: call.spec.name, tool: call.toolName };
  const given = await buildArguments(
    {
      words: call.words,
      argsJson: opts.argsJson,
      argsFile: opts.argsFile,
      cwd: ctx.cwd,
      readStdin: () => stdinWithin(deps),
      readFile: (file) => fs.readFile(file),
    },
    tool.inputSchema,
    where,
  );
  const { args, filled } = fillRequiredDefaults(given, tool.inputSchema);
  for (const { name, value } of filled)
    out.debug(`argument "${name}" is required and was not given: filled with its default ${JSON.stringify(value)}`);
  if (opts.validate) checks.validateArguments(args, tool.inputSchema, where).warnings.forEach((w) => out.warn(w));
  return args;
}

/** --log-level: the request's `_meta` that asks for log messages, if the server offers them. */
async function logsMeta(call: Call, session: Session, mcp: Mcp): Promise<{ _meta?: Record<string, unknown> }> {
  if (call.opts.logLevel === undefined) return {};
  const meta = await mcp.requestLogs(session, call.opts.logLevel);
  if (meta === undefined)
    call.deps.out.warn(
      `server "${call.spec.name}" does not offer log messages (no logging capability); --log-level ignored`,
    );
  return meta && Object.keys(meta).length ? { _meta: meta } : {};
}

/** The call's request options: progress shown; when a person may be asked, our pausable idle timer. */
function callOptions(call: Call, mcp: Mcp, base: RequestOptions): RequestOptions {
  const { progress, toolName } = call;
  const options: RequestOptions = {
    ...base,
    onprogress: (p: Progress) => progress.show(progressText(toolName, p)),
  };
  if (!call.interactive) return options;
  const idle = new mcp.IdleTimer(base.timeout ?? DEFAULT_IDLE_MS);
  progress.watchIdle(idle);
  return {
    ...options,
    timeout: mcp.NEVER_MS,
    signal: base.signal ? AbortSignal.any([base.signal, idle.signal]) : idle.signal,
  };
}

/** The call as a task: started, then waited for (or left running with --detach). */
async function runAsTask(
  call: Call,
  sending: Sending,
  taskWire: { wire: TaskWire; asTask: boolean },
): Promise<CallOutcome> {
  const { deps, opts, spec, toolName, progress } = call;
  const { out, ctx } = deps;
  const { session, mcp, tool } = sending;
  if (taskWire.wire === 'extension') mcp.passTaskResults(session.client);
  const tasks = new mcp.TaskClient(session.client, taskWire.wire, spec.name);
  const started = await tasks.callTool(sending.params, taskWire.asTask, sending.send, sending.options);
  if (started.kind === 'result') {
    if (opts.detach)
      out.info(`server "${spec.name}" answered at once instead of starting a task; nothing to detach from`);
    return sending.checked(started);
  }
  call.running = { tasks, task: started.task };
  out.info(
    `${toolName}: task ${started.task.taskId} started on ${spec.name}${taskSupportOf(tool) === 'required' ? ' (the tool runs only as a task)' : ''}`,
  );
  if (opts.detach) return { kind: 'detached', task: started.task };
  const waited = await waitForTask(tasks, started.task, {
    server: spec.name,
    pollOptions: () => session.requestOptions(),
    blockingOptions: sending.options,
    deadline: deps.deadline.taskWaitEndsAt(),
    now: ctx.now,
    signal: ctx.signal,
    onStatus: (task) => {
      call.running = { tasks, task };
      progress.show(
        `${toolName}: task ${task.status.replace('_', ' ')}${task.statusMessage ? ` · ${task.statusMessage}` : ''}`,
      );
      out.debug(`task ${task.taskId}: ${task.status}${task.statusMessage ? ` (${task.statusMessage})` : ''}`);
    },
    // Every plan of a command's session says how questions are answered (session-plan.ts).
    answer: (requests) => mcp.answerInputRequests(requests, session.plan.answers!),
  });
  call.running = { tasks, task: waited.task };
  return waited.kind === 'expired'
    ? { kind: 'expired', task: waited.task }
    : sending.checked({ kind: 'result', result: waited.result });
}

/** Ctrl-C: the task this call started is cancelled, unless --keep or --detach leaves it running. */
async function cancelRunning(call: Call): Promise<void> {
  const { running, spec, opts } = call;
  const { out } = call.deps;
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
}

/** After the session: the task's handle, or the result rendered and its verdict. */
async function finishCall(
  deps: Deps,
  opts: CallOptions,
  spec: ServerSpec,
  toolName: string,
  saveDir: string | undefined,
  outcome: CallOutcome,
): Promise<Outcome> {
  const { out } = deps;
  if (outcome.kind !== 'result') {
    await printTaskHandle(deps, spec.name, outcome.task);
    if (outcome.kind === 'detached') return SUCCESS;
    throw waitExpired(deps, spec.name, outcome.task);
  }
  const { result, outputCheck } = outcome;
  outputCheck?.value?.warnings.forEach((w) => out.warn(w));
  await renderCall(deps, result, { toolName, structured: opts.structured, saveDir, force: opts.force });
  if (result.isError === true) {
    throw new McpctlError('tool', `tool "${toolName}" of server "${spec.name}" reported an error`, {
      server: spec.name,
      phase: 'request',
    });
  }
  if (outputCheck?.error) throw outputCheck.error;
  return SUCCESS;
}

/** The server, the tool and the argument words, whichever way they were written. */
async function target(deps: Deps, opts: CallOptions): Promise<{ spec: ServerSpec; tool: string; words: string[] }> {
  const given = await splitJoinedName(
    deps,
    shiftedForStdio(deps.global.stdio, { server: opts.server, subject: opts.tool, words: opts.words }),
  );
  const spec = await deps.servers.resolve(given.server);
  const tool = given.subject;
  if (tool === undefined || tool === '') {
    throw usageError('name the tool to call', { server: spec.name, hint: `mcpctl tools ${spec.name} lists its tools` });
  }
  return { spec, tool, words: given.words };
}

/**
 * SERVER__TOOL as one word (as `tools` lists every server's tools in a pipe): split at the
 * first `__` that leaves a configured server's name, unless the whole word is one.
 */
async function splitJoinedName(deps: Deps, given: Positionals): Promise<Positionals> {
  const { server } = given;
  if (!server?.includes('__') || /^https?:\/\//i.test(server)) return given;
  const names = new Set((await deps.servers.load()).entries.map((e) => e.name));
  if (names.has(server)) return given;
  for (let at = server.indexOf('__'); at > 0; at = server.indexOf('__', at + 1)) {
    if (names.has(server.slice(0, at)))
      return {
        server: server.slice(0, at),
        subject: server.slice(at + 2),
        words: given.subject === undefined ? given.words : [given.subject, ...given.words],
      };
  }
  return given;
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

/** SEP-2243: a tool whose x-mcp-header marks are invalid is not called (warned, then exit 2). */
function refuseBadHeaders(spec: ServerSpec, tool: Tool, warn: (line: string) => void): void {
  const fault = headerFault(tool);
  if (!fault) return;
  warn(headerFaultMessage(spec.name, tool.name, fault));
  throw usageError(
    `tool "${tool.name}" of server "${spec.name}" is not called: its x-mcp-header marks break the ${fault.rule} rule`,
    {
      server: spec.name,
      hint: "the server must fix the tool's inputSchema; mcpctl tools lists the tools it can call",
    },
  );
}

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

type Captured<T> = { value?: T; error?: unknown };

function capture<T>(fn: () => T): Captured<T> {
  try {
    return { value: fn() };
  } catch (error) {
    return { error };
  }
}
