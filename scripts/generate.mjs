#!/usr/bin/env node
// Every generated file of the repository, made in one place.
//
// Always (the first step of `npm run build`): ajv's standalone validators, written into
// generated/, which git ignores. They are build output like dist/: made from src/ and ajv.
//
// With --shipped (`npm run generate`): also the artifacts users get in the package and that are
// committed: mcpctl.schema.json, mcpctl-test.schema.json and completions/. The tests compare
// them with what the code generates now and name this command when they are stale.
//
// The generators are TypeScript; esbuild (a devDependency) bundles each into dist/.generate/
// so that plain Node can run it before tsc has built anything.

import { build } from 'esbuild';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printedBy } from './printed-by.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = path.join(root, 'dist', '.generate');

/** A TypeScript module of this repository, bundled (its npm dependencies left outside) and imported. */
async function load(entry) {
  const outfile = path.join(scratch, `${path.basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

/** Writes through a temporary file, so an interrupted run leaves no half-written file behind. */
async function put(relative, text) {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

async function generateValidators() {
  const meta = await load('src/schema/meta-codegen.ts');
  for (const [draft, file] of Object.entries(meta.META_FILES))
    await put(`generated/${file}`, meta.metaValidatorModule(draft));
  const server = await load('src/config/validator-codegen.ts');
  await put('generated/server-validator.ts', server.serverValidatorModule());
  const testFile = await load('src/testing/validator-codegen.ts');
  await put('generated/test-file-validator.ts', testFile.testFileValidatorModule());
}

async function generateShipped() {
  const schema = await load('src/config/schema.ts');
  await put('mcpctl.schema.json', schema.schemaJson());
  const testSchema = await load('src/testing/schema.ts');
  await put('mcpctl-test.schema.json', testSchema.testSchemaJson());
  const { main } = await load('commands/common/main.ts');
  for (const shell of ['bash', 'zsh', 'fish'])
    await put(
      `completions/mcpctl.${shell}`,
      await printedBy(main, ['completion', shell], { cwd: root, home: scratch }),
    );
}

try {
  await generateValidators();
  if (process.argv.includes('--shipped')) await generateShipped();
} finally {
  await rm(scratch, { recursive: true, force: true });
}
