// The SDK's skills extension (SEP-2640), loaded only by the command that uses it: it is most of
// a second SDK module, which no other command should pay for.

export type SkillsExtension = typeof import('@modelcontextprotocol/client/ext/skills');

export function skillsExtension(): Promise<SkillsExtension> {
  return import('@modelcontextprotocol/client/ext/skills');
}
