// A plain description of the command tree, the input of the completion generators (built from
// commander by commands/completion/run.ts, so src/ needs no commander types), and the shells
// they are generated for.

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** What a positional argument or option value completes to. */
export type ValueKind = 'server' | 'file' | 'dir' | 'shell' | 'protocol' | 'none';

export interface OptionSpec {
  flags: string[];
  description: string;
  /** Undefined when the option takes no value. */
  value?: ValueKind;
}

export interface ArgumentSpec {
  name: string;
  kind: ValueKind;
  variadic: boolean;
}

export interface CommandSpec {
  name: string;
  description: string;
  options: OptionSpec[];
  args: ArgumentSpec[];
  subcommands: CommandSpec[];
}
