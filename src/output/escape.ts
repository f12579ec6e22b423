// What a terminal is allowed to see of text that came from a server or a config: every control
// character shown as a visible escape, so no string can set the clipboard (OSC 52), plant a
// link (OSC 8), retitle the window, move the cursor, clear the screen, overwrite a line with
// `\r` or ring the bell; and every bidirectional override and zero-width character too, so
// `safe\u202Egnp.exe` cannot pass for `safeexe.png`, nor `ec\u200Bho` for `echo`. Newlines and
// tabs stay: the layout needs them.

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width
 * characters and direction marks (U+200B–U+200F, U+2060, U+FEFF): invisible, they make one
 * name look like another.
 */
const INVISIBLE = '\\u200b-\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff';

/** C0 controls except tab and newline, a carriage return not followed by a newline, DEL, C1, INVISIBLE. */
const UNSAFE = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${INVISIBLE}]|\\r(?!\\n)`, 'g');

/**
 * The text with every control character but `\n` and `\t` (and `\r` in `\r\n`) replaced by
 * `\xHH`, HH being its code point in hex: ESC shows as `\x1b`, BEL as `\x07`, CSI (C1) as `\x9b`;
 * and every invisible character by `\u{HHHH}`: U+202E shows as `\u{202E}`.
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16).toUpperCase()}}`;
  });
}

const ANY_UNSAFE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${INVISIBLE}]`);

/** True when the text holds any control or invisible character, newline and tab included. */
export function hasControlCharacters(text: string): boolean {
  return ANY_UNSAFE.test(text);
}

const JSON_UNSAFE = new RegExp(`[\\u007f-\\u009f${INVISIBLE}]`, 'g');

/**
 * JSON text with no raw control or invisible character at all, so it reads the same on a
 * terminal as in a pipe: JSON.stringify escapes C0 already; DEL, C1 and the invisible ones
 * become `\u007f`, `\u202e`…, the same string to any JSON parser.
 */
export function controlFreeJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(
    JSON_UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
