// The session layer as commands reach it: everything here needs the MCP SDK (or ajv, as heavy)
// at run time, so it is loaded once per run, by src/mcp/launch.ts after it has started a stdio
// server (the server boots while these load), and handed to the command with its session.

export * from './session/index.js';
export { answerInputRequests, answerServerRequests, clientCapabilities } from './session/client-requests.js';
export { IdleTimer, NEVER_MS } from './session/idle-timer.js';
export { serverRefused } from './session/refusal.js';
export { listAll, undeclaredNote } from './requests/lists.js';
export { requestLogs, showServerLogs } from './requests/server-log.js';
export { skillsExtension } from './requests/skills.js';
export { TaskClient, passTaskResults } from './requests/tasks.js';
export { expandTemplate } from '../args/expand-template.js';
// Not the SDK, but ajv (~280 KB of code): the JSON Schema checks of a call's arguments, of its
// structuredContent and of a person's answers load here too, while the server boots.
export { validateStructuredContent } from '../args/output.js';
export { validateArguments } from '../args/validate.js';
export { askForm } from '../ask/form.js';
