// Stands in for the SDK's `@modelcontextprotocol/client/_shims` in the bundle (the sdk-shims
// plugin of scripts/bundle.mjs). The SDK's Node shims load its ajv-based JSON Schema validator with the
// client: ~150 KB of code parsed and run by every command that connects, though the Client
// uses it only for a tool's outputSchema in callTool (mcpctl checks schemas itself). Here the
// same SDK validator is loaded on first use. test/mcp/sdk-shims.test.ts keeps both in step.

import { createRequire } from 'node:module';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';

/** As in the SDK's Node shims: outside browsers, a fetch TypeError is never a CORS refusal. */
export const CORS_IS_POSSIBLE = false;

type ValidatorClass = new () => jsonSchemaValidator;
let sdkValidator: ValidatorClass | undefined;

/** The SDK's AjvJsonSchemaValidator, loaded (its CommonJS build, synchronously) when first asked. */
export class DefaultJsonSchemaValidator implements jsonSchemaValidator {
  private inner?: jsonSchemaValidator;

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    sdkValidator ??= (
      createRequire(import.meta.url)('@modelcontextprotocol/client/validators/ajv') as {
        AjvJsonSchemaValidator: ValidatorClass;
      }
    ).AjvJsonSchemaValidator;
    this.inner ??= new sdkValidator();
    return this.inner.getValidator<T>(schema);
  }
}
