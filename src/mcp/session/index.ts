// The session layer's public surface: scoped connections to MCP servers and the one error
// classifier. Commands import from here only.

export { withSession } from './session.js';
export type { Session, SessionStart } from './session.js';
export { planSession, defaultCacheDir, DEFAULT_MAX_MESSAGE_BYTES } from './plan.js';
export type { PlanChoices, SessionLimits, SessionPlan } from './plan.js';
export { classifyError } from './classify.js';
export type { ClassifyExtra, TimeoutLimit } from './classify.js';
export { CLIENT_INFO } from './connect.js';
export { eraCacheKey } from './era-cache.js';
