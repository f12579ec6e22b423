// A URI template filled in, by RFC 6570 level 4 in full (every operator, explode, prefix, lists
// and associative values), through url-template: 4 KB, no dependencies, so a command expands
// the template before it starts a server.

import { parseTemplate } from 'url-template';
import type { TemplateValue } from './template.js';

/** The URI with every variable filled (checked first with templateArguments). */
export function expandTemplate(template: string, values: Record<string, TemplateValue>): string {
  return parseTemplate(template).expand(values);
}
