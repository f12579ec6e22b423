// The SDK's zod validates without compiling a parser. For each object schema it first parses
// with, zod writes a JavaScript function and compiles it (`new Function`): a gain over the
// thousands of parses of a long-lived server, pure cost in a run that parses a handful of
// messages, and the one compile no code cache keeps. The verdicts are the same either way.
// Imported by lazy-schema.ts, which the bundle makes every SDK schema file import first, so it
// is set before any of them builds a schema (bench/RESULTS.md has what it saves).

import { config } from 'zod/v4/core';

config({ jitless: true });
