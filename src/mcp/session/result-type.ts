// On the 2026-07-28 wire a result names its kind (`resultType`); one that names none is
// complete (SEP-2322: a client MUST assume "complete" when it is not specified). The SDK refuses
// such a result instead, so it is completed before the SDK reads it.

import type { Transport } from '@modelcontextprotocol/client';

export function assumeCompleteResults(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    const result = (message as { result?: unknown }).result;
    if (result !== null && typeof result === 'object' && !Array.isArray(result) && !('resultType' in result))
      message = { ...message, result: { ...result, resultType: 'complete' } } as typeof message;
    deliver.call(transport, message, extra);
  };
}
