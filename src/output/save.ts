// Writing result data to files: atomically (a temp file in the same directory, then rename), so
// a file either holds the whole answer or is left as it was; and file names for content blocks.

import { promises as fs } from 'node:fs';
import { McpctlError } from '../errors.js';
import { writeFileAtomic as writeAtomic } from '../atomic-file.js';

/** Writes `data` to `file` whole or not at all; a failure names the file. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeAtomic(file, data);
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/^[A-Z]+: /, '') : String(err);
    throw new McpctlError('usage', `cannot write ${file}: ${reason}`, { phase: 'output', hint: 'check that the directory exists and is writable', cause: err });
  }
}

/** Makes `dir` (and its parents) exist; a failure is a usage error naming it. */
export async function ensureDirectory(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new McpctlError('usage', `cannot create directory ${dir}: ${reason}`, { phase: 'output', cause: err });
  }
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'application/gzip': 'gz',
  'application/zip': 'zip',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/html': 'html',
};

/** A file extension for a MIME type: known ones by table, else the subtype when it is a plain word. */
export function extensionFor(mimeType: string | undefined): string {
  if (!mimeType) return 'bin';
  const essence = mimeType.split(';')[0].trim().toLowerCase();
  const known = EXTENSIONS[essence];
  if (known) return known;
  const subtype = essence.split('/')[1] ?? '';
  return /^[a-z0-9]{1,8}$/.test(subtype) ? subtype : 'bin';
}

/** A name safe in any directory: no separators, no leading dots, nothing a shell would trip on. */
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return cleaned.slice(0, 120) || 'content';
}

/** The last segment of a URI, when it looks like a file name (`file:///a/b.png` → `b.png`). */
export function fileNameFromUri(uri: string): string | undefined {
  const withoutScheme = uri.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, '').replace(/[?#].*$/, '');
  const last = decodeURIComponentSafe(withoutScheme.split('/').filter(Boolean).pop() ?? '');
  return /\.[A-Za-z0-9]{1,8}$/.test(last) ? safeFileName(last) : undefined;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
