// The configuration layer's public surface: discovery and loading, resolution to ServerSpec,
// ad-hoc servers, redacted descriptions for `servers`, and editing of config files.

export { loadConfig, type ConfigEntry, type LoadedConfig, type LoadOptions } from './load.js';
export { resolveServer, resolveTarget, type ResolveOptions } from './resolve.js';
export { unknownServer } from './find-entry.js';
export { adHocStdio, adHocHttp, isUrlTarget, splitCommandLine, AD_HOC_SOURCE } from './adhoc.js';
export { describeServer, redactValue, redactUrl, REDACTED, type ServerDescription } from './display.js';
export { addServer, removeServer, type AddOptions, type EditResult, type RootKey } from './edit.js';
export {
  configSources,
  projectDirs,
  PROJECT_FILES,
  type ConfigScope,
  type ConfigSource,
} from './paths.js';
export { displayPath } from './display-path.js';
export { timeoutMsFromFile } from './settings.js';
export { suggest, didYouMean } from '../suggest.js';
export { schemaJson } from './schema.js';
export type { SourceLocation } from './validate.js';
export * from './types.js';
