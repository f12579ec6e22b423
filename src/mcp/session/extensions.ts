// The names of the protocol extensions mcpctl declares, in a module of its own: the session
// declares them, and commands that decide how to call read them without loading the SDK.

/** The tasks extension of the 2026-07-28 revision. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
