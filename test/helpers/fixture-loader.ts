// Runs a fixture server bundled as CommonJS (scripts/bundle-fixtures.mjs) with V8's code cache,
// through the loader bin/ runs the program's own bundle with. The tests start the SDK fixtures
// about two hundred times; an ES module is compiled anew at each start on Node 20, and this way a
// start costs about a third less CPU (docs/TESTING.md, "Suite time").

import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface BundleLoader {
  load(name: string): Record<string, unknown>;
  useCache(dir: string): void;
  save(): void;
}

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { bundleLoader } = require(path.join(root, 'bin', 'load-bundle.js')) as {
  bundleLoader(dir: string): BundleLoader;
};

/** The suite's own cache, beside Node's compile cache that scripts/test-node.mjs names. */
const CACHE_DIR = path.join(root, 'node_modules', '.cache', 'mcpctl-fixtures');

/**
 * The exports of the CommonJS bundle beside the fixture entry `entryUrl` (NAME.cjs for NAME.js),
 * its code cache written at once when it missed: a fixture is usually ended by a signal, so a
 * write at exit would rarely happen.
 */
export function loadFixture(entryUrl: string): Record<string, unknown> {
  const entry = fileURLToPath(entryUrl);
  const loader = bundleLoader(path.dirname(entry));
  try {
    loader.useCache(CACHE_DIR);
  } catch {
    // Without a cache the fixture compiles as an ES module would.
  }
  const fixture = loader.load(`${path.basename(entry, '.js')}.cjs`);
  loader.save();
  return fixture;
}
