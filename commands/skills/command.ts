// `mcpctl skills SERVER [NAME]`: the definition (arguments, help). The work is in run.ts, loaded
// only when this command runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples } from '../common/options.js';

export interface SkillsOptions {
  server: string;
  name?: string;
}

export function skillsCommand(choice: Choice): Command {
  return new Command('skills')
    .description(
      "list a server's skills, or print one skill's SKILL.md, verified against its declared size, digest and frontmatter",
    )
    .argument('<server>', 'a configured server name, or an http(s):// URL')
    .argument('[name]', "a skill's name (or its SKILL.md URI)")
    .addHelpText(
      'after',
      examples(
        'mcpctl skills docs',
        'mcpctl skills docs --json',
        'mcpctl skills docs release-notes',
        'mcpctl skills docs release-notes > SKILL.md',
      ),
    )
    .action((server: string, name: string | undefined, _flags: unknown, cmd: Command) =>
      choice.set(cmd, async (deps) => (await import('./run.js')).runSkills(deps, { server, name })),
    );
}
