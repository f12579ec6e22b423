// Mutation testing with StrykerJS, one module at a time (`npm run mutate [MODULE...]`, see
// scripts/mutate.mjs and docs/TESTING.md). Mutants are planted in the compiled JavaScript the
// tests import (dist/src, made by `npm run build`), so no mutant waits for a TypeScript build;
// each is judged by the node:test files that cover its module, in process, through Stryker's
// command runner. The module comes from MUTATE_MODULE.

import { MODULES } from './scripts/mutate-modules.mjs';

const name = process.env.MUTATE_MODULE ?? '';
const module = MODULES[name];
if (module === undefined) {
  throw new Error(
    `MUTATE_MODULE must name a module of scripts/mutate-modules.mjs (${Object.keys(MODULES).join(', ')}); run npm run mutate`,
  );
}

export default {
  testRunner: 'command',
  // Each test file run by node itself, one after the other (node:test sets the exit code): one
  // process a file instead of the --test runner's parent and child, on a busy machine.
  commandRunner: { command: module.tests.map((file) => `node ${file}`).join(' && ') },
  coverageAnalysis: 'off',
  mutate: module.mutate,
  // One at a time: the suites start servers and processes of their own.
  concurrency: 1,
  // A mutant that makes a test hang is ended (and counted as killed, by timeout) this long
  // after the time the unmutated run took.
  timeoutMS: 20_000,
  timeoutFactor: 2,
  reporters: ['clear-text', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true },
  // One directory per module, so two modules can run at once.
  tempDirName: `.stryker-tmp/${name}`,
  cleanTempDir: 'always',
  // The sandbox needs the built files (dist/ is ignored by git, not by Stryker) and nothing
  // that is only source.
  ignorePatterns: ['/src', '/commands', '/test', '/bench', '/reports', '/.stryker-tmp', '/docs'],
  logLevel: 'info',
  fileLogLevel: 'off',
};
