// The first line of a description or message, for a one-line summary in a table or a list.

export function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
