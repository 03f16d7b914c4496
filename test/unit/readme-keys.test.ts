// The README's keys table is the keymap's (TABLE_BINDINGS and the global bindings), and its configuration section
// names every setting the config file accepts: a key or a setting added without its README line fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { globalBindings } from '../../src/app/commands.js';
import { ConfigFileSchema, ProfileSchema } from '../../src/config/config-schema.js';
import { type Binding, TABLE_BINDINGS } from '../../src/ui/bindings.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The table as the keymap says it should read (screen keys are in the screens table). */
function readmeKeys(): string {
  const row = (b: Binding, where: string) =>
    `| ${b.keys.map((k) => `\`${k}\``).join(' ')} | ${b.label} | ${where} |`;
  const global = globalBindings(() => undefined).filter((b) => !b.helpOnly);
  return [
    '| keys | does | where |',
    '| --- | --- | --- |',
    ...TABLE_BINDINGS.map((b) => row(b, 'tables')),
    ...global.map((b) => row(b, 'everywhere')),
  ].join('\n');
}

describe('README', () => {
  it('has the keymap as its keys table', () => {
    const want = readmeKeys();
    expect(readme.includes(want), `README.md must contain, under "## Keys":\n${want}\n`).toBe(true);
  });

  it('documents every setting of the config file', () => {
    const config = readme.slice(readme.indexOf('## Configuration'));
    expect(config.length).toBeLessThan(readme.length);
    for (const key of [...Object.keys(ConfigFileSchema.shape), ...Object.keys(ProfileSchema.shape)])
      expect(config, key).toContain(`\`${key}\``);
  });
});
