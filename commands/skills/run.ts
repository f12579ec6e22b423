// `mcpctl skills SERVER [NAME]`: a server's skills (SEP-2640), or one skill's SKILL.md in full,
// verified against the size, digest and frontmatter its entry declares. Listing reads no skill
// file; printing one reads only that file.

import type { Skill, SkillVerificationError } from '@modelcontextprotocol/client/ext/skills';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import { malformedWarning } from '../common/malformed.js';
import type { SkillsOptions } from './command.js';
import { McpctlError, usageError } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import { stripTransportFields } from '../../src/output/json.js';
import { didYouMean } from '../../src/suggest.js';

export async function runSkills(deps: Deps, opts: SkillsOptions): Promise<Outcome> {
  const { out } = deps;
  const spec = await deps.servers.resolve(opts.server);
  const spinner = await out.startSpinner(
    opts.name === undefined ? `listing skills of ${spec.name}` : `reading skill ${opts.name} of ${spec.name}`,
  );
  let found: { skills: Skill[]; file?: { skill: Skill; text: string } };
  try {
    found = await deps.sessions.open(spec, async (session, mcp) => {
      const { SkillsClient, SkillVerificationError } = await mcp.skillsExtension();
      const skills = new SkillsClient(session.client, { skipInvalid: true });
      if (!skills.supported)
        throw usageError(`server "${spec.name}" does not offer skills (no io.modelcontextprotocol/skills extension)`, {
          server: spec.name,
        });
      const listing = await skills.list(undefined, session.requestOptions());
      for (const bad of listing.invalid)
        out.warn(malformedWarning(spec.name, 'skill', { name: bad.uri, index: bad.index, reason: bad.reason }));
      if (opts.name === undefined) return { skills: listing.skills };
      const skill = listing.skills.find((s) => s.frontmatter.name === opts.name || s.uri === opts.name);
      if (!skill) throw unknownSkill(spec, opts.name, listing.skills);
      try {
        const file = await skills.read(skill, undefined, session.requestOptions());
        return { skills: listing.skills, file: { skill, text: file.text ?? new TextDecoder().decode(file.bytes) } };
      } catch (err) {
        if (err instanceof SkillVerificationError) throw verificationFailure(spec, skill, err);
        throw err;
      }
    });
  } finally {
    spinner.stop();
  }

  if (found.file) {
    if (out.json) await out.printJson({ skill: stripTransportFields(found.file.skill), text: found.file.text });
    else await out.print(found.file.text.endsWith('\n') ? found.file.text : found.file.text + '\n');
  } else if (out.json) await out.printJson({ skills: found.skills.map((s) => stripTransportFields(s)) });
  else if (found.skills.length === 0) out.info(`server "${spec.name}" has no skills`);
  else await printSkills(deps, found.skills);
  return SUCCESS;
}

async function printSkills(deps: Deps, skills: Skill[]): Promise<void> {
  const { out } = deps;
  await out.print(
    await out.table(
      [
        { header: 'NAME', value: (s: Skill) => s.frontmatter.name, id: true },
        {
          header: 'DESCRIPTION',
          value: (s: Skill) => s.frontmatter.description,
          optional: true,
          priority: 2,
        },
        { header: 'SIZE', value: (s: Skill) => sizeOf(s) },
        { header: 'URI', value: (s: Skill) => s.uri, id: true },
      ],
      skills,
    ),
  );
}

/** The bytes of all a skill's files, as its entry declares them; `dynamic` skills declare none. */
function sizeOf(skill: Skill): string {
  if (skill.resources === 'dynamic') return 'dynamic';
  return String(skill.resources.reduce((sum, r) => sum + r.size, 0));
}

function unknownSkill(spec: ServerSpec, name: string, skills: Skill[]): McpctlError {
  const names = skills.map((s) => s.frontmatter.name);
  return usageError(`server "${spec.name}" has no skill "${name}"${didYouMean(name, names)}`, {
    server: spec.name,
    hint: `mcpctl skills ${spec.name} lists its ${names.length} skills`,
  });
}

function verificationFailure(spec: ServerSpec, skill: Skill, err: SkillVerificationError): McpctlError {
  const what = { size: 'its size', digest: 'its digest', frontmatter: 'its frontmatter', unlisted: 'its listing' }[
    err.reason
  ];
  const details = err.differences.length ? `: ${err.differences.join('; ')}` : ` (${err.message})`;
  return new McpctlError(
    'protocol',
    `skill "${skill.frontmatter.name}" of server "${spec.name}" does not match its entry: ${what} differs${details}; nothing was printed`,
    {
      server: spec.name,
      phase: 'request',
      cause: err,
    },
  );
}
