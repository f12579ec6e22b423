// `npm run mutate [MODULE...]`: runs StrykerJS on each module of scripts/mutate-modules.mjs (all
// of them by default), one after the other, and prints the table docs/TESTING.md keeps: module,
// killed, survived, score, date. Reports go to reports/mutation/MODULE.html and .json. Slow (each
// mutant runs its test files once), so not part of CI. Expects a build (`npm run build`).

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULES } from './mutate-modules.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in MODULES));
if (unknown.length > 0) {
  console.error(`unknown module ${unknown.join(', ')}; the modules are: ${Object.keys(MODULES).join(', ')}`);
  process.exit(2);
}
if (!existsSync(path.join(root, 'dist', 'src'))) {
  console.error('no build to mutate: run npm run build first');
  process.exit(2);
}

/** Killed (timeouts included: a mutant that hangs its tests is caught), survived and score of one report. */
function counts(report) {
  const all = Object.values(report.files).flatMap((file) => file.mutants);
  const of = (...statuses) => all.filter((m) => statuses.includes(m.status)).length;
  const killed = of('Killed', 'Timeout');
  const survived = of('Survived', 'NoCoverage');
  return { killed, survived, score: killed + survived === 0 ? 100 : (100 * killed) / (killed + survived) };
}

const rows = [];
let failed = false;
for (const name of asked.length > 0 ? asked : Object.keys(MODULES)) {
  console.error(`mutate: ${name}`);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
    cwd: root,
    env: { ...process.env, MUTATE_MODULE: name },
    stdio: 'inherit',
  });
  const reportFile = path.join(root, 'reports', 'mutation', `${name}.json`);
  if (run.status !== 0 || !existsSync(reportFile)) {
    console.error(`mutate: ${name}: stryker failed (exit ${run.status ?? run.signal})`);
    failed = true;
    continue;
  }
  rows.push({ name, ...counts(JSON.parse(readFileSync(reportFile, 'utf8'))) });
}

const date = new Date().toISOString().slice(0, 10);
console.log('| Module | Killed | Survived | Score | Date |');
console.log('| --- | ---: | ---: | ---: | --- |');
for (const r of rows) console.log(`| ${r.name} | ${r.killed} | ${r.survived} | ${r.score.toFixed(1)}% | ${date} |`);
process.exitCode = failed ? 1 : 0;
