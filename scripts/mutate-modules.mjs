// The modules mutation testing covers, where a wrong answer hurts: the compiled files mutated
// and the compiled node:test files (in process, no subprocess through bin/) that judge them.

export const MODULES = {
  'trust-and-config-reading': {
    mutate: ['dist/src/config/read-file.js', 'dist/src/config/trust.js'],
    tests: ['dist/test/config/read-file.test.js', 'dist/test/config/project-rules.test.js'],
  },
  'exit-codes': {
    mutate: ['dist/src/errors.js', 'dist/src/exit-codes.js'],
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
    tests: [
      'dist/test/config/interpolate.test.js',
      'dist/test/config/resolve.test.js',
      'dist/test/config/validation.test.js',
    ],
  },
  'saved-files': {
    mutate: ['dist/src/output/save.js', 'dist/src/atomic-file.js'],
    tests: [
      'dist/test/output/save.test.js',
      'dist/test/output/tool-result.test.js',
      'dist/test/output/save-names.test.js',
    ],
  },
  // diff in three parts, one a file (over 1200 mutants together): what changed in the contract,
  // the schema comparison by meaning, and the normalisation it compares.
  'diff-contract': {
    mutate: ['dist/src/contract/diff.js'],
    tests: ['dist/test/contract/diff.test.js', 'dist/test/contract/diff-all.test.js'],
  },
  'diff-schema': {
    mutate: ['dist/src/contract/schema-diff.js'],
    tests: [
      'dist/test/contract/schema-diff.test.js',
      'dist/test/contract/diff.test.js',
      'dist/test/contract/diff-all.test.js',
    ],
  },
  'diff-normalise': {
    mutate: ['dist/src/contract/schema-normal.js'],
    tests: [
      'dist/test/contract/schema-normal.test.js',
      'dist/test/contract/diff.test.js',
      'dist/test/contract/diff-all.test.js',
    ],
  },
  // The runner in three parts: the expectations alone are judged in a second; the runner and its
  // steps by in-process tests against servers served in the test's own process over HTTP (the
  // stdio tests of runner.test.ts start servers, several seconds a mutant).
  'test-expectations': {
    mutate: ['dist/src/testing/expect.js'],
    tests: ['dist/test/testing/expect.test.js'],
  },
  'test-runner': {
    mutate: ['dist/src/testing/run.js'],
    tests: ['dist/test/testing/run-file.test.js', 'dist/test/testing/run-steps.test.js'],
  },
  'test-steps': {
    mutate: ['dist/src/testing/steps.js'],
    tests: ['dist/test/testing/run-steps.test.js'],
  },
  reporters: {
    mutate: [
      'dist/src/testing/report/tap.js',
      'dist/src/testing/report/json.js',
      'dist/src/testing/report/terminal.js',
      'dist/src/testing/report/github.js',
      'dist/src/lint/sarif.js',
    ],
    tests: ['dist/test/testing/reporters.test.js', 'dist/test/lint/sarif.test.js'],
  },
};
