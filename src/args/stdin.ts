// Reads all of standard input (JSON arguments, `key=@-`), as text, once.

import type { Readable } from 'node:stream';

export async function readAllText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
