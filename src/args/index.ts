// The public surface of src/args: build a call's arguments from the command line, validate them
// against the tool's inputSchema, build prompt arguments, describe a schema for display, and
// check a result's structuredContent against the tool's outputSchema.

export { buildArguments, type ArgSources } from './build.js';
export { validateArguments, type ValidationOutcome } from './validate.js';
export { fillRequiredDefaults, type FilledDefault } from './defaults.js';
export { buildPromptArguments, type PromptArgument } from './prompt.js';
export { coerceText, type Coerced } from './coerce.js';
export { compileSchema, draftOf, type Draft } from '../schema/compile.js';
export type { JsonSchema, JsonSchemaObject } from '../schema/navigate.js';
export { isUriTemplate, templateArguments, templateVariables } from './template.js';
export { expandTemplate } from './expand-template.js';
export type { PromptWhere, TemplateWhere, ToolWhere } from './report.js';
export {
  validateStructuredContent,
  type OutputCheck,
  type ToolResultLike,
  type ToolWithOutputSchema,
} from './output.js';
