// The program's version, from package.json so there is one place to bump it.

import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
