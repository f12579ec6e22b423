// The session layer as commands reach it: everything here needs the MCP SDK at run time, so it
// is loaded once per run, by src/mcp/launch.ts after it has started a stdio server (the server
// boots while it loads), and handed to the command with its session.

export * from './session/index.js';
export { answerInputRequests } from './session/client-requests.js';
export { IdleTimer, NEVER_MS } from './session/idle-timer.js';
export { serverRefused } from './session/refusal.js';
export { listAll, undeclaredNote } from './requests/lists.js';
export { requestLogs } from './requests/server-log.js';
export { skillsExtension } from './requests/skills.js';
export { TaskClient, passTaskResults } from './requests/tasks.js';
