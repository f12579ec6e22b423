// The session layer as commands reach it: everything here needs the MCP SDK at run time, so it
// is loaded once per run, by commands/common/sessions.ts after it has started a stdio server
// (the server boots while the SDK loads), and handed to the command with its session.

export * from './session/index.js';
export { answerServerRequests, clientCapabilities } from './session/client-requests.js';
export { serverRefused } from './session/refusal.js';
export { listAll, undeclaredNote } from './requests/lists.js';
export { skillsExtension } from './requests/skills.js';
export { expandTemplate } from '../args/expand-template.js';
