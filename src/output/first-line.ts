// The first line of a description or message, for a one-line summary in a table or a list.

export function firstLine(text: string): string {
  return text.trim().split(/\r?\n/)[0] ?? '';
}

/** The first line; on a terminal (`marked`) ending with `…` when more follows, so a reader knows there is more. */
export function summaryLine(text: string, marked: boolean): string {
  const first = firstLine(text);
  return marked && text.trim().length > first.length ? `${first} …` : first;
}
