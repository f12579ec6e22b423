// `node --import` this file to record every module the process resolves (see import-hooks.ts).

import { register } from 'node:module';

register('./import-hooks.js', import.meta.url);
