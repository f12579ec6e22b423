// `mcpctl skills SERVER [NAME]`: the definition (arguments, help). The work is in run.ts, loaded
// only when this command runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, type OptionsOf } from '../common/flags.js';
import { examples } from '../common/options.js';

const skills = declare({
  args: {
    server: arg('<server>', 'a configured server name, or an http(s):// URL'),
    name: arg('[name]', "a skill's name (or its SKILL.md URI)"),
  },
  flags: {},
});

export type SkillsOptions = OptionsOf<typeof skills>;

export function skillsCommand(choice: Choice): Command {
  return skills
    .command('skills')
    .description(
      "list a server's skills, or print one skill's SKILL.md, verified against its declared size, digest and frontmatter",
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl skills docs',
        'mcpctl skills docs --json',
        'mcpctl skills docs release-notes',
        'mcpctl skills docs release-notes > SKILL.md',
      ),
    )
    .action(choice.action(skills, async (deps, options) => (await import('./run.js')).runSkills(deps, options)));
}
