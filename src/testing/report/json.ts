// The json reporter: the whole run as one JSON document.

import type { RunReport } from './model.js';

export function renderJson(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
