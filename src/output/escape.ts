// Placeholder until main's escapeControls lands: control characters as visible escapes.

export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
