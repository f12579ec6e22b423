// mcpctl's version, from package.json so there is one place to bump it: `--version` prints it
// and the MCP handshake sends it as clientInfo.version. The bundle inlines the file at build time.

import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
