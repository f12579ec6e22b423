// Requests whose answers mcpctl checks itself, field by field, instead of through the SDK's
// result schemas (lenient lists, tasks): a result schema that takes any object, and the one
// client method such a request needs.

import type { RequestOptions, StandardSchemaV1 } from '@modelcontextprotocol/client';

/** Accepts any JSON object as the result; what is in it is checked by the caller. */
export const ANY_RESULT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'mcpctl',
    validate: (value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: 'result is not an object' }] },
  },
};

/** The part of the SDK's Client that sends a request with ANY_RESULT. */
export interface Requester {
  request(
    request: { method: string; params?: Record<string, unknown> },
    schema: typeof ANY_RESULT,
    options?: RequestOptions,
  ): Promise<Record<string, unknown>>;
}
