// What a terminal is allowed to see of text that came from a server or a config: every control
// character shown as a visible escape, so no string can set the clipboard (OSC 52), plant a
// link (OSC 8), retitle the window, move the cursor, clear the screen, overwrite a line with
// `\r` or ring the bell. Newlines and tabs stay: the layout needs them.

/** C0 controls except tab and newline, a carriage return not followed by a newline, DEL, C1. */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

/**
 * The text with every control character but `\n` and `\t` (and `\r` in `\r\n`) replaced by
 * `\xHH`, HH being its code point in hex: ESC shows as `\x1b`, BEL as `\x07`, CSI (C1) as `\x9b`.
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** True when the text holds any control character, newline and tab included. */
export function hasControlCharacters(text: string): boolean {
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}

/**
 * JSON text with no raw control character at all, so it reads the same on a terminal as in a
 * pipe: JSON.stringify escapes C0 already; DEL and C1 become `\u007f`…`\u009f`, the same
 * string to any JSON parser.
 */
export function controlFreeJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(/[\u007f-\u009f]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}
