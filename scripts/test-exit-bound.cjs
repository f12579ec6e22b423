// Preloaded (--require) into every test process by scripts/test-node.mjs: once a test process has
// run all its tests, it has EXIT_BOUND_MS to exit. A handle a test left open (a server never
// ended, an interval never cleared) would otherwise keep the process, its shard and the whole
// suite running until CI's own limit, with nothing said; instead the process fails, naming what
// still holds it. The runner process itself (no NODE_TEST_CONTEXT) is left alone.

'use strict';

const EXIT_BOUND_MS = Number(process.env.MCPCTL_TEST_EXIT_BOUND_MS) || 60_000;

if (process.env.NODE_TEST_CONTEXT) {
  require('node:test').after(() => {
    setTimeout(() => {
      const holders = process.getActiveResourcesInfo().join(', ');
      process.stderr.write(
        `test-exit-bound: the tests of ${process.argv[1]} are done, but the process was still held open ` +
          `${EXIT_BOUND_MS / 1000} s later by: ${holders} (a handle a test left open)\n`,
      );
      process.exit(1);
    }, EXIT_BOUND_MS).unref();
  });
}
