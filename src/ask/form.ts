// An elicitation form on a terminal: each field of the server's requested schema asked in turn,
// typed by the schema (text, numbers, yes/no, one or several choices), defaults offered and
// applied on Enter, each answer checked before the next question; then a last confirmation.

import type { ChalkInstance } from 'chalk';
import { compileSchema } from '../schema/compile.js';
import { explainErrors } from '../schema/messages.js';
import type { JsonSchema } from '../schema/navigate.js';
import type { LineReader } from './lines.js';

/** A field of an elicitation's requestedSchema (MCP allows flat primitives and choice lists). */
export interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  enumNames?: string[];
  oneOf?: { const?: unknown; title?: string }[];
  anyOf?: { const?: unknown; title?: string }[];
  items?: FieldSchema;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

export interface FormRequest {
  message: string;
  requestedSchema: { properties?: Record<string, FieldSchema>; required?: string[] };
}

export type FormAnswer =
  | { action: 'accept'; content: Record<string, unknown> }
  | { action: 'decline' }
  | { action: 'cancel' };

export interface FormIO {
  lines: LineReader;
  /** Writes text for the person (stderr). */
  write(text: string): void;
  chalk: ChalkInstance;
  /** Who asks, for the heading. */
  server: string;
}

interface Choice {
  value: unknown;
  label: string;
}

/** Tries per field before the form gives up (a script feeding wrong lines must not loop forever). */
const MAX_TRIES = 5;

/** The choices of a single- or multi-select field, in the order the server gave them. */
export function choicesOf(field: FieldSchema): Choice[] | undefined {
  const titled = field.oneOf ?? field.anyOf;
  if (Array.isArray(titled) && titled.every((c) => c && typeof c === 'object' && 'const' in c)) {
    return titled.map((c) => ({ value: c.const, label: c.title ?? String(c.const) }));
  }
  if (Array.isArray(field.enum)) {
    return field.enum.map((value, i) => ({ value, label: field.enumNames?.[i] ?? String(value) }));
  }
  return undefined;
}

function pickChoice(text: string, choices: Choice[]): Choice | undefined {
  const t = text.trim();
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n >= 1 && n <= choices.length) return choices[n - 1];
  }
  return choices.find((c) => String(c.value) === t) ?? choices.find((c) => c.label.toLowerCase() === t.toLowerCase());
}

type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

/** Reads one typed answer as the field's JSON value. */
export function parseAnswer(text: string, field: FieldSchema): Parsed {
  const t = text.trim();
  if (field.type === 'array') {
    const choices = field.items ? choicesOf(field.items) : undefined;
    const parts = t
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (!choices) return { ok: true, value: parts };
    const values: unknown[] = [];
    for (const part of parts) {
      const choice = pickChoice(part, choices);
      if (!choice) return { ok: false, problem: `"${part}" is not one of the choices` };
      values.push(choice.value);
    }
    return { ok: true, value: values };
  }
  const choices = choicesOf(field);
  if (choices) {
    const choice = pickChoice(t, choices);
    return choice
      ? { ok: true, value: choice.value }
      : { ok: false, problem: `"${t}" is not one of the choices; type its number or its value` };
  }
  switch (field.type) {
    case 'boolean':
      if (/^(y|yes|true|1)$/i.test(t)) return { ok: true, value: true };
      if (/^(n|no|false|0)$/i.test(t)) return { ok: true, value: false };
      return { ok: false, problem: 'answer y or n' };
    case 'number':
    case 'integer': {
      const n = Number(t);
      if (t === '' || !Number.isFinite(n)) return { ok: false, problem: 'a number is needed' };
      if (field.type === 'integer' && !Number.isInteger(n)) return { ok: false, problem: 'a whole number is needed' };
      return { ok: true, value: n };
    }
    default:
      return { ok: true, value: text };
  }
}

/** What the schema says about a value (range, length, format), in words; undefined when fine. */
function schemaProblem(field: FieldSchema, value: unknown): string | undefined {
  const { title: _t, description: _d, default: _def, enumNames: _n, ...rules } = field;
  const compiled = compileSchema(rules as JsonSchema);
  if (!compiled.ok) return undefined;
  const outcome = compiled.check(value);
  if (outcome.valid) return undefined;
  const first = explainErrors(outcome.errors, rules as JsonSchema)[0];
  return first && first.kind === 'value' ? first.text : 'not allowed by the requested schema';
}

function describeDefault(field: FieldSchema): string | undefined {
  if (field.default === undefined) return undefined;
  if (field.type === 'boolean') return field.default ? 'y' : 'n';
  const labelOf = (v: unknown) =>
    choicesOf(field.type === 'array' && field.items ? field.items : field)?.find((c) => c.value === v)?.label ??
    String(v);
  return Array.isArray(field.default) ? field.default.map(labelOf).join(', ') : labelOf(field.default);
}

function fieldPrompt(name: string, field: FieldSchema, required: boolean, chalk: ChalkInstance): string {
  const lines: string[] = [];
  const heading = field.title && field.title !== name ? `${field.title} (${name})` : name;
  lines.push(
    `${chalk.bold(heading)}${required ? chalk.red(' *') : ''}${field.description ? chalk.dim(` — ${field.description}`) : ''}`,
  );
  const choices = choicesOf(field.type === 'array' && field.items ? field.items : field);
  if (choices)
    choices.forEach((c, i) =>
      lines.push(
        `  ${chalk.cyan(String(i + 1))}) ${c.label}${c.label !== String(c.value) ? chalk.dim(` (${String(c.value)})`) : ''}`,
      ),
    );
  const hints: string[] = [];
  if (field.type === 'boolean') hints.push('y/n');
  else if (field.type === 'array') hints.push(choices ? 'numbers or values, comma-separated' : 'comma-separated');
  else if (choices) hints.push('number or value');
  else if (field.type === 'integer') hints.push('whole number');
  else if (field.type === 'number') hints.push('number');
  else if (field.format) hints.push(field.format);
  const shownDefault = describeDefault(field);
  if (shownDefault !== undefined) hints.push(`Enter for ${shownDefault}`);
  lines.push(`${chalk.dim(hints.length ? `(${hints.join('; ')}) ` : '')}> `);
  return lines.join('\n');
}

/** Asks the whole form; the end of input at any point cancels. */
export async function askForm(request: FormRequest, io: FormIO): Promise<FormAnswer> {
  const { chalk } = io;
  const properties = request.requestedSchema.properties ?? {};
  const required = new Set(request.requestedSchema.required ?? []);
  io.write(`\n${chalk.bold(`server "${io.server}" asks:`)} ${request.message}\n`);
  io.write(chalk.dim('(Enter keeps a default or skips an optional field; Ctrl-D cancels)\n'));
  const content: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(properties)) {
    let answered = false;
    for (let attempt = 0; attempt < MAX_TRIES && !answered; attempt++) {
      const line = await io.lines.question(fieldPrompt(name, field, required.has(name), chalk));
      if (line === undefined) return { action: 'cancel' };
      if (line.trim() === '') {
        if (field.default !== undefined) {
          content[name] = field.default;
          answered = true;
        } else if (!required.has(name)) {
          answered = true;
        } else {
          io.write(chalk.yellow('  an answer is required\n'));
        }
        continue;
      }
      const parsed = parseAnswer(line, field);
      const problem = parsed.ok ? schemaProblem(field, parsed.value) : parsed.problem;
      if (problem !== undefined) {
        io.write(chalk.yellow(`  ${problem}\n`));
        continue;
      }
      content[name] = (parsed as { value: unknown }).value;
      answered = true;
    }
    if (!answered) {
      io.write(chalk.yellow(`  no valid answer for "${name}"; cancelling\n`));
      return { action: 'cancel' };
    }
  }
  const confirm = await io.lines.question(
    `Send ${Object.keys(content).length ? 'these answers' : 'your acceptance'} to "${io.server}"? ${chalk.dim('[Y/n]')} `,
  );
  if (confirm === undefined) return { action: 'cancel' };
  if (/^(n|no)$/i.test(confirm.trim())) return { action: 'decline' };
  return { action: 'accept', content };
}
