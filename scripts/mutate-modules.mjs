// The modules mutation testing covers, where a wrong answer hurts: the compiled files mutated
// and the compiled node:test files (in process, no subprocess through bin/) that judge them.

export const MODULES = {
  'trust-and-config-reading': {
    mutate: ['dist/src/config/read-file.js', 'dist/src/config/trust.js'],
    tests: ['dist/test/config/read-file.test.js'],
  },
  'exit-codes': {
    mutate: ['dist/src/errors.js'],
    tests: ['dist/test/errors.test.js'],
  },
  redaction: {
    mutate: ['dist/src/redact.js'],
    tests: ['dist/test/redact.test.js', 'dist/test/redact-cases.test.js', 'dist/test/errors.test.js'],
  },
  'terminal-escaping': {
    mutate: ['dist/src/output/escape.js', 'dist/src/output/terminal.js'],
    tests: [
      'dist/test/output/escape.test.js',
      'dist/test/output/colour-marker.test.js',
      'dist/test/output/terminal-guard.test.js',
    ],
  },
  'body-limits': {
    mutate: ['dist/src/mcp/http/body-limit.js'],
    tests: ['dist/test/mcp/body-limit.test.js'],
  },
  'junit-reporter': {
    mutate: ['dist/src/testing/report/junit.js', 'dist/src/testing/report/model.js'],
    tests: ['dist/test/testing/junit.test.js'],
  },
  'process-teardown': {
    mutate: ['dist/src/mcp/stdio/process-group.js'],
    tests: ['dist/test/mcp/process-group.test.js'],
  },
  'argument-typing': {
    mutate: ['dist/src/args/coerce.js'],
    tests: ['dist/test/args/coerce.test.js', 'dist/test/args/build.test.js'],
  },
  'argument-validation': {
    mutate: ['dist/src/args/validate.js'],
    tests: ['dist/test/args/validate.test.js'],
  },
  'token-store': {
    mutate: ['dist/src/auth/store.js'],
    tests: ['dist/test/auth/store.test.js'],
  },
  'revision-negotiation': {
    mutate: ['dist/src/mcp/session/revisions.js'],
    tests: ['dist/test/mcp/revisions.test.js', 'dist/test/mcp/negotiation-options.test.js'],
  },
  'config-interpolation': {
    mutate: ['dist/src/config/interpolate.js'],
    tests: ['dist/test/config/resolve.test.js', 'dist/test/config/validation.test.js'],
  },
};
