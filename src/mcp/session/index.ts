// The session layer's public surface: scoped connections to MCP servers and the one error
// classifier. Commands import from here only.

export { withSession, DEFAULT_MAX_MESSAGE_BYTES } from './session.js';
export type { Session, SessionOptions } from './session.js';
export { classifyError } from './classify.js';
export type { ClassifyExtra, TimeoutLimit } from './classify.js';
export { CLIENT_INFO } from './connect.js';
export { defaultCacheDir, eraCacheKey } from './era-cache.js';
