// Server text on a terminal: control characters (ESC, BEL, backspace, C1 controls…) shown as
// visible \xNN escapes, so a string from a server can never move the cursor or retitle the window.

export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
