// A URI template filled in by the SDK's RFC 6570 implementation. It needs the SDK at run time,
// so commands reach it through the session layer (src/mcp/index.ts).

import { UriTemplate } from '@modelcontextprotocol/client';

/** The URI with every variable filled (checked first with templateArguments). */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return new UriTemplate(template).expand(values);
}
