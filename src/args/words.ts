// Splits argument words into their syntax: `key=value`, `key:=<json>`, `key=@file`, `key=@-`
// (stdin), `key=@@text` (a value that starts with a literal @), and `-` (a JSON object on stdin).

export type ValueSource = { kind: 'text'; text: string } | { kind: 'file'; path: string } | { kind: 'stdin' };

export type ParsedWord =
  | { kind: 'assign'; word: string; key: string; raw: boolean; source: ValueSource }
  | { kind: 'stdin-object'; word: string }
  | { kind: 'invalid'; word: string; problem: string };

function valueSource(value: string): ValueSource | { problem: string } {
  if (value.startsWith('@@')) return { kind: 'text', text: value.slice(1) };
  if (value === '@-') return { kind: 'stdin' };
  if (value.startsWith('@')) {
    const path = value.slice(1);
    if (path === '') return { problem: 'a file name must follow @ (write @@ for a literal @)' };
    return { kind: 'file', path };
  }
  return { kind: 'text', text: value };
}

/** Parses one word. The first `=` separates key and value; `:` right before it means raw JSON. */
export function parseWord(word: string): ParsedWord {
  if (word === '-') return { kind: 'stdin-object', word };
  const eq = word.indexOf('=');
  if (eq < 0) {
    return {
      kind: 'invalid',
      word,
      problem: `"${word}" is not an argument: write key=value, key:=<json> or key=@file`,
    };
  }
  const raw = eq > 0 && word[eq - 1] === ':';
  const key = word.slice(0, raw ? eq - 1 : eq);
  if (key === '')
    return { kind: 'invalid', word, problem: `"${word}" has no argument name before "${raw ? ':=' : '='}"` };
  const source = valueSource(word.slice(eq + 1));
  if ('problem' in source) return { kind: 'invalid', word, problem: `argument "${key}": ${source.problem}` };
  return { kind: 'assign', word, key, raw, source };
}
