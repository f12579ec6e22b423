// `node --import` entry for the conformance runner on Node 20: the runner imports `globSync`
// from `fs`, which Node only has from 22, so on older Nodes a resolve hook hands it our stand-in.

import fs from 'node:fs';
import { register } from 'node:module';

if (!('globSync' in fs)) register('./fs-hooks.js', import.meta.url);
