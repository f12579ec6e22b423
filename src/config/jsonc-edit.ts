// Minimal text edits to add, replace or remove one member of a JSONC object, touching no other
// line. jsonc-parser's modify() re-formats every line an edit touches, which would re-indent the
// neighbouring server written on one line; so we compute the edits and let applyEdits apply them.

import { applyEdits, type Edit, type Node } from 'jsonc-parser';

export interface TextStyle {
  /** One level of indentation: a tab or some spaces. */
  unit: string;
  eol: string;
}

/** The file's indentation unit and line end, so new text looks like the old. */
export function styleOf(text: string): TextStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indented?.startsWith('\t')) return { unit: '\t', eol };
  return { unit: ' '.repeat(indented !== undefined && indented.length <= 8 ? indented.length : 2), eol };
}

const end = (n: Node) => n.offset + n.length;

function lineStart(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
}

/** Offset of the end of the line holding `offset` (before its line break). */
function lineEnd(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

/** Offset of the line break before the line holding `offset` (the start of "\r\n" or "\n"). */
function breakBefore(text: string, offset: number): number {
  const start = lineStart(text, offset);
  if (start === 0) return 0;
  return text[start - 2] === '\r' && text[start - 1] === '\n' ? start - 2 : start - 1;
}

/** Whitespace before `offset` on its line, or undefined when other text precedes it there. */
function leadingIndent(text: string, offset: number): string | undefined {
  const before = text.slice(lineStart(text, offset), offset);
  return /^[ \t]*$/.test(before) ? before : undefined;
}

/** The whitespace a line starts with. */
function indentOfLine(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset)))![0];
}

/** True when only whitespace and a // or /* comment follow `offset` on its line. */
function restIsTrivia(text: string, offset: number): boolean {
  const rest = text.slice(offset, lineEnd(text, offset)).trim();
  return rest === '' || rest.startsWith('//') || (rest.startsWith('/*') && rest.endsWith('*/'));
}

/** Offset just after a comma following `offset` (whitespace only between), or undefined. */
function commaAfter(text: string, offset: number): number | undefined {
  let i = offset;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return text[i] === ',' ? i + 1 : undefined;
}

/** `"key": value` with the value's lines indented below `indent`. */
function memberText(key: string, value: unknown, indent: string, style: TextStyle): string {
  const body = JSON.stringify(value, null, style.unit).split('\n').join(`${style.eol}${indent}`);
  return `${JSON.stringify(key)}: ${body}`;
}

function memberIndent(text: string, object: Node, style: TextStyle): string {
  const last = object.children?.at(-1);
  const own = last === undefined ? undefined : leadingIndent(text, last.offset);
  return own ?? indentOfLine(text, object.offset) + style.unit;
}

/** Adds `key: value` as the last member of `object`. */
export function insertMember(text: string, object: Node, key: string, value: unknown, style: TextStyle): string {
  const members = object.children ?? [];
  const last = members.at(-1);
  if (last === undefined) {
    if (!/[\r\n]/.test(text)) {
      return applyEdits(text, [
        { offset: object.offset, length: object.length, content: `{${JSON.stringify(key)}: ${JSON.stringify(value)}}` },
      ]);
    }
    // An empty object (whitespace or comments inside) becomes a multi-line one.
    const outer = indentOfLine(text, object.offset);
    const inner = outer + style.unit;
    const replacement = `{${style.eol}${inner}${memberText(key, value, inner, style)}${style.eol}${outer}}`;
    return applyEdits(text, [{ offset: object.offset, length: object.length, content: replacement }]);
  }
  const trailing = commaAfter(text, end(last));
  if (leadingIndent(text, last.offset) === undefined) {
    // Members written inline ({ "a": 1 } or a minified file): add one inline, compactly.
    const compact = `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
    return applyEdits(text, [{ offset: end(last), length: 0, content: `, ${compact}` }]);
  }
  const indent = memberIndent(text, object, style);
  const member = memberText(key, value, indent, style);
  const edits: Edit[] = [];
  if (trailing !== undefined) {
    // Keep the file's trailing-comma style; the new member goes after the last line's comment.
    const at = restIsTrivia(text, trailing) ? lineEnd(text, trailing) : trailing;
    edits.push({ offset: at, length: 0, content: `${style.eol}${indent}${member},` });
  } else {
    edits.push({ offset: end(last), length: 0, content: ',' });
    const at = restIsTrivia(text, end(last)) ? lineEnd(text, end(last)) : end(last);
    edits.push({ offset: at, length: 0, content: `${style.eol}${indent}${member}` });
  }
  return applyEdits(text, edits);
}

/** Replaces the value of an existing member. */
export function replaceValue(text: string, valueNode: Node, value: unknown, style: TextStyle): string {
  const property = valueNode.parent ?? valueNode;
  const indent = indentOfLine(text, property.offset);
  const body = JSON.stringify(value, null, style.unit).split('\n').join(`${style.eol}${indent}`);
  return applyEdits(text, [{ offset: valueNode.offset, length: valueNode.length, content: body }]);
}

/** Removes member number `index` of `object`, with its line when it has one of its own. */
export function removeMember(text: string, object: Node, index: number): string {
  const members = object.children ?? [];
  const prop = members[index];
  if (prop === undefined) return text;
  if (members.length === 1) return applyEdits(text, [{ offset: object.offset, length: object.length, content: '{}' }]);
  const ownLine = leadingIndent(text, prop.offset) !== undefined;
  const comma = commaAfter(text, end(prop));
  const edits: Edit[] = [];
  if (index === members.length - 1) {
    const prev = members[index - 1]!;
    if (comma !== undefined && ownLine) {
      edits.push({
        offset: breakBefore(text, prop.offset),
        length: comma - breakBefore(text, prop.offset),
        content: '',
      });
    } else if (ownLine) {
      // No trailing comma: the previous member's comma goes too.
      const prevComma = commaAfter(text, end(prev))!;
      edits.push({ offset: prevComma - 1, length: 1, content: '' });
      edits.push({
        offset: breakBefore(text, prop.offset),
        length: end(prop) - breakBefore(text, prop.offset),
        content: '',
      });
    } else {
      edits.push({ offset: end(prev), length: end(prop) - end(prev), content: '' });
    }
  } else if (ownLine && comma !== undefined && restIsTrivia(text, comma)) {
    // The whole line (and its comment) belongs to the removed member.
    const from = lineStart(text, prop.offset);
    const lineEndAt = lineEnd(text, comma);
    const to = text.startsWith('\r\n', lineEndAt) ? lineEndAt + 2 : lineEndAt + 1;
    edits.push({ offset: from, length: to - from, content: '' });
  } else {
    const next = members[index + 1]!;
    edits.push({ offset: prop.offset, length: next.offset - prop.offset, content: '' });
  }
  return applyEdits(text, edits);
}
