// Module resolve hook (loaded by register-node20.js): `fs` imported from the conformance
// package resolves to fs-with-glob.js; every other import resolves as usual.

import type { ResolveHook } from 'node:module';

const shim = new URL('./fs-with-glob.js', import.meta.url).href;
const PACKAGE_DIR = '/node_modules/@modelcontextprotocol/conformance/';

export const resolve: ResolveHook = (specifier, context, nextResolve) => {
  const fromConformance = context.parentURL?.includes(PACKAGE_DIR) === true;
  if (fromConformance && (specifier === 'fs' || specifier === 'node:fs')) return { url: shim, shortCircuit: true };
  return nextResolve(specifier, context);
};
