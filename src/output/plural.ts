// "1 tool", "2 tools": a number with its noun, in the form that number takes.

export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
