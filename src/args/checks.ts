// What checks values against JSON Schemas with ajv at run time (about 280 KB of code): a call's
// arguments, its structuredContent, a person's answers to a server's form. Only `call` and
// `tasks` need it; they load it while their server boots (commands/common/checks.ts).

export { validateStructuredContent } from './output.js';
export { validateArguments } from './validate.js';
export { askForm } from '../ask/form.js';
