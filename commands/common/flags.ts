// A command's positionals and flags, declared once: each declaration makes the commander
// `Argument` or `Option` (help, completion, validation at parse time) and reads the parsed value
// back as a typed one, so a command's options type is derived from its declaration and option
// parsing can be tested through the command tree alone, without running anything.

import { Argument, Command, InvalidArgumentError, Option } from 'commander';

/** What reads one value commander stored as the typed value the command's run gets. */
export interface Readable<T> {
  read(stored: unknown): T;
}

export interface Positional<T> extends Readable<T> {
  /** A new commander Argument each time: every command tree gets its own. */
  argument(): Argument;
}

export interface Flag<T> extends Readable<T> {
  /** A new commander Option each time: every command tree gets its own. */
  option(): Option;
}

type Variadic = `${'<' | '['}${string}...${'>' | ']'}`;

/** `<name...>`, `[name...]`: the words in order (commander insists on one for `<name...>`). */
export function arg(name: Variadic, description: string): Positional<string[]>;
/** `<name>`: a word commander insists on, optionally one of `choices`. */
export function arg(name: `<${string}>`, description: string, choices?: readonly string[]): Positional<string>;
/** `[name]`: a word that may be left out. */
export function arg(name: `[${string}]`, description: string): Positional<string | undefined>;
export function arg(
  name: string,
  description: string,
  choices?: readonly string[],
): Positional<string | string[] | undefined> {
  const required = name.startsWith('<');
  return {
    argument: () => {
      const made = new Argument(name, description);
      return choices ? made.choices(choices) : made;
    },
    read: (stored) => {
      if (name.endsWith('...>') || name.endsWith('...]')) return Array.isArray(stored) ? stored.map(String) : [];
      if (typeof stored === 'string') return stored;
      return required ? String(stored) : undefined;
    },
  };
}

/** `--no-thing`: true unless given. */
export function flag(flags: `--no-${string}`, description: string): Flag<boolean>;
/** `--thing <value>`: the value through `parse` (a bad one is commander's error naming the flag). */
export function flag<T>(
  flags: `${string} <${string}>`,
  description: string,
  parse: (value: string) => T,
): Flag<T | undefined>;
/** `--thing <value>`: the value as typed. */
export function flag(flags: `${string} <${string}>`, description: string): Flag<string | undefined>;
/** `--thing`: true when given. */
export function flag(flags: string, description: string): Flag<boolean>;
export function flag<T>(
  flags: string,
  description: string,
  parse?: (value: string) => T,
): Flag<T | string | boolean | undefined> {
  const takesValue = flags.includes('<');
  return {
    option: () => {
      const made = new Option(flags, description);
      return parse ? made.argParser(checkedBy(parse)) : made;
    },
    read: (stored) => {
      // Commander stores true for `--no-thing` until it is given, as for `--thing` once given.
      if (!takesValue) return stored === true;
      if (typeof stored !== 'string') return undefined;
      return parse ? parse(stored) : stored;
    },
  };
}

/** A repeatable `--thing <value>`: the values in order, each through `parse`; undefined when not given. */
export function list(flags: `${string} <${string}>`, description: string): Flag<string[] | undefined>;
export function list<T>(
  flags: `${string} <${string}>`,
  description: string,
  parse: (value: string) => T,
): Flag<T[] | undefined>;
export function list<T>(
  flags: `${string} <${string}>`,
  description: string,
  parse?: (value: string) => T,
): Flag<(T | string)[] | undefined> {
  return {
    option: () =>
      new Option(flags, description).argParser((value: string, previous: string[] = []) => [
        ...previous,
        parse ? checkedBy(parse)(value) : value,
      ]),
    read: (stored) => {
      if (!Array.isArray(stored)) return undefined;
      const values = stored.map(String);
      return parse ? values.map(parse) : values;
    },
  };
}

/** `--thing <value>` whose value is one of `choices` (commander's error lists them). */
export function oneOf<const C extends readonly string[]>(
  flags: `${string} <${string}>`,
  description: string,
  choices: C,
): Flag<C[number] | undefined>;
/** …and `fallback` when not given (help shows it as the default). */
export function oneOf<const C extends readonly string[]>(
  flags: `${string} <${string}>`,
  description: string,
  choices: C,
  fallback: C[number],
): Flag<C[number]>;
export function oneOf<const C extends readonly string[]>(
  flags: `${string} <${string}>`,
  description: string,
  choices: C,
  fallback?: C[number],
): Flag<C[number] | undefined> {
  return {
    option: () => {
      const made = new Option(flags, description).choices(choices);
      return fallback === undefined ? made : made.default(fallback);
    },
    read: (stored) => choices.find((choice) => choice === stored) ?? fallback,
  };
}

/** A flag left out of help (and so out of the completions): for scripts of our own. */
export function hidden<T>(declared: Flag<T>): Flag<T> {
  return { option: () => declared.option().hideHelp(), read: (stored) => declared.read(stored) };
}

type Positionals = Record<string, Positional<unknown>>;
type Flags = Record<string, Flag<unknown>>;

/** The typed values of some declarations, by the names they were declared under. */
export type Values<D> = { [K in keyof D]: D[K] extends Readable<infer T> ? T : never };

/** A command's options: its positionals and flags, by the names of their declarations. */
export type OptionsOf<D> = D extends Declared<infer A, infer F> ? Values<A> & Values<F> : never;

/** The positionals and flags of one command. */
export class Declared<A extends Positionals, F extends Flags> {
  constructor(
    readonly args: A,
    readonly flags: F,
  ) {}

  /** A new command named `name` with these positionals and flags. */
  command(name: string): Command {
    return this.addTo(new Command(name));
  }

  /** `command` with the positionals, then the flags, in the order declared (help lists them so). */
  addTo(command: Command): Command {
    for (const positional of Object.values(this.args)) command.addArgument(positional.argument());
    return addFlags(command, this.flags);
  }

  /** The options of a parsed `command`. */
  read(command: Command): Values<A> & Values<F> {
    return { ...readValues(this.args, command.processedArgs), ...readFlags(this.flags, command.opts()) };
  }
}

/** A command's positionals and flags, each under the name its run's options call it. */
export function declare<A extends Positionals, F extends Flags>(parts: { args: A; flags: F }): Declared<A, F> {
  return new Declared(parts.args, parts.flags);
}

/** `command` with the flags, in the order declared. */
export function addFlags(command: Command, flags: Flags): Command {
  for (const declared of Object.values(flags)) command.addOption(declared.option());
  return command;
}

/** The flags' values out of what commander stored, each under its option's attribute name. */
export function readFlags<F extends Flags>(flags: F, stored: Record<string, unknown>): Values<F> {
  const entries = Object.entries(flags).map(([key, declared]) => [
    key,
    declared.read(stored[declared.option().attributeName()]),
  ]);
  // Each value is its own declaration's read(): the type Values<F> gives it.
  return Object.fromEntries(entries) as Values<F>;
}

function readValues<A extends Positionals>(args: A, stored: unknown[]): Values<A> {
  const entries = Object.entries(args).map(([key, positional], i) => [key, positional.read(stored[i])]);
  // Each value is its own declaration's read(): the type Values<A> gives it.
  return Object.fromEntries(entries) as Values<A>;
}

/**
 * Commander stores the word; `parse` checks it as commander parses, and read() parses it again
 * into its type (so no typed value is taken on trust from commander's untyped store). When
 * `parse` throws commander's InvalidArgumentError, the bad value is commander's error, naming the
 * flag. Any other error (a usage error of ours, with its own hint) comes from read(), after
 * commander's own checks of the command line: a missing argument is still reported first.
 */
function checkedBy<T>(parse: (value: string) => T): (value: string) => string {
  return (value) => {
    try {
      parse(value);
    } catch (err) {
      if (err instanceof InvalidArgumentError) throw err;
    }
    return value;
  };
}
