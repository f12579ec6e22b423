// Rendering a CallToolResult without a server: what a pipe gets, when structuredContent is
// shown, summaries of binaries, and saving their bytes under predictable names.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Chalk } from 'chalk';
import { joinedText, renderToolResult, saveBinaries, textCarriesStructured } from '../../src/output/tool-result.js';
import { decodedSize } from '../../src/output/content.js';
import { extensionFor, fileNameFromUri, saveToFile } from '../../src/output/save.js';
import { McpctlError } from '../../src/errors.js';

const chalk = new Chalk({ level: 0 });
const png = Buffer.from('fake png bytes');

test('a pipe gets only the text blocks, joined by newlines', () => {
  const result = {
    content: [
      { type: 'text', text: 'a' },
      { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
      { type: 'text', text: 'b\nc' },
    ],
  };
  assert.equal(joinedText(result), 'a\nb\nc');
  assert.equal(joinedText({ content: [] }), '');
});

test('structuredContent is shown only when no text block carries it', () => {
  const carried = { content: [{ type: 'text', text: ' {"b":2, "a":1}\n' }], structuredContent: { a: 1, b: 2 } };
  assert.equal(textCarriesStructured(carried), true);
  assert.doesNotMatch(renderToolResult(carried, { chalk }), /structuredContent:/);
  const separate = { content: [{ type: 'text', text: 'counted' }], structuredContent: { a: 1 } };
  assert.equal(renderToolResult(separate, { chalk }), 'counted\nstructuredContent:\n{\n  "a": 1\n}');
});

test('binaries are summarised, with the file they were saved to', () => {
  const result = { content: [{ type: 'image', data: png.toString('base64'), mimeType: 'image/png' }] };
  assert.equal(renderToolResult(result, { chalk }), `[image] image/png, ${png.length} B`);
  assert.equal(
    renderToolResult(result, { chalk, saved: new Map([[0, '/tmp/x.png']]) }),
    `[image] image/png, ${png.length} B saved to /tmp/x.png`,
  );
  assert.equal(renderToolResult({ content: [{ type: 'thought' }] }, { chalk }), '[thought content]');
});

test('saveBinaries names files by URI or by position and MIME type, and writes the exact bytes', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-save-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const result = {
    content: [
      { type: 'text', text: 'x' },
      { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
      { type: 'audio', data: png.toString('base64'), mimeType: 'audio/x-unknown-thing' },
      {
        type: 'resource',
        resource: { uri: 'file:///data/report%20one.pdf', mimeType: 'application/pdf', blob: png.toString('base64') },
      },
      {
        type: 'resource',
        resource: { uri: 'file:///other/report%20one.pdf', mimeType: 'application/pdf', blob: png.toString('base64') },
      },
      // No MIME type: the .pdf of the name says nothing the bytes confirm.
      { type: 'resource', resource: { uri: 'file:///x/unsaid.pdf', blob: png.toString('base64') } },
    ],
  };
  const saved = await saveBinaries(result, dir, 'my/tool', { force: false });
  assert.deepEqual([...saved.keys()], [1, 2, 3, 4, 5]);
  assert.deepEqual(readdirSync(dir).sort(), [
    'my_tool-2.png',
    'my_tool-3.bin',
    'my_tool-6.bin',
    'report_one-5.pdf',
    'report_one.pdf',
  ]);
  for (const { file } of saved.values()) assert.deepEqual(readFileSync(file), png);
});

test('saveToFile fails with a usage error when it cannot write; --force replaces the file whole, with no temp file left', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-atomic-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  await assert.rejects(
    saveToFile(path.join(dir, 'missing', 'f.bin'), png, { force: false }),
    (err: unknown) => err instanceof McpctlError && /cannot write/.test(err.message),
  );
  assert.deepEqual(await saveToFile(path.join(dir, 'f.bin'), png, { force: false }), { file: path.join(dir, 'f.bin') });
  assert.deepEqual(await saveToFile(path.join(dir, 'f.bin'), Buffer.from('second'), { force: true }), {
    file: path.join(dir, 'f.bin'),
  });
  assert.deepEqual(readdirSync(dir), ['f.bin']);
  assert.equal(readFileSync(path.join(dir, 'f.bin'), 'utf8'), 'second');
});

test('sizes, extensions and file names from URIs', () => {
  assert.equal(decodedSize(Buffer.alloc(10).toString('base64')), 10);
  assert.equal(decodedSize(Buffer.alloc(11).toString('base64')), 11);
  assert.equal(extensionFor('image/jpeg'), 'jpg');
  assert.equal(extensionFor('audio/ogg; codecs=opus'), 'ogg');
  assert.equal(extensionFor(undefined), 'bin');
  assert.equal(fileNameFromUri('file:///a/b/c.png'), 'c.png');
  assert.equal(fileNameFromUri('demo://resource/static/1'), undefined);
  assert.equal(fileNameFromUri('x://h/..%2F..%2Fetc%2Fpasswd.txt'), 'etc_passwd.txt');
});
