// README.md is for users, and its tables are the reference for every command and setting the
// extension contributes: a command or setting added to package.json without a row here (or a
// row for one that is gone) fails this test. Also the README the VSIX carries
// (scripts/readme.ts): absolute links with a repository, no image and no link to a repository
// file without one, and nothing vsce would refuse.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRelativeTarget, packagedReadme, repositoryBases } from '../../scripts/readme';

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { commands: { command: string; title: string }[]; configuration: { properties: Record<string, unknown> } };
};
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** The first column (a `code` id) of each row of the table under `## <heading>`, with the row's cells. */
function tableUnder(heading: string): Map<string, string[]> {
  const start = readme.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `README.md has a "## ${heading}" section`);
  // The table ends at the next heading, a subsection's too.
  const end = readme.indexOf('\n##', start + 1);
  const rows = new Map<string, string[]>();
  for (const line of readme.slice(start, end < 0 ? undefined : end).split('\n')) {
    const cells = line.trim().startsWith('|') ? line.split('|').slice(1, -1).map((c) => c.trim()) : [];
    const id = /^`([\w.]+)`$/.exec(cells[0] ?? '')?.[1];
    if (!id) continue;
    assert.ok(!rows.has(id), `${id} has one row under "${heading}"`);
    rows.set(id, cells);
  }
  return rows;
}

describe('README for users', () => {
  it('lists every contributed command, with its title, and no other', () => {
    const rows = tableUnder('Commands');
    const commands = manifest.contributes.commands;
    assert.deepEqual([...rows.keys()].sort(), commands.map((c) => c.command).sort());
    for (const { command, title } of commands) {
      const english = nls[/^%(.+)%$/.exec(title)?.[1] ?? ''] ?? title;
      assert.equal(rows.get(command)?.[1], english, `${command}'s title in the table`);
      assert.ok((rows.get(command)?.[2] ?? '').length > 10, `${command} says what it does`);
    }
  });

  it('lists every contributed setting, with its default, and no other', () => {
    const rows = tableUnder('Settings');
    const properties = manifest.contributes.configuration.properties as Record<string, { default?: unknown }>;
    assert.deepEqual([...rows.keys()].sort(), Object.keys(properties).sort());
    for (const [key, { default: value }] of Object.entries(properties)) {
      const cell = rows.get(key)?.[1] ?? '';
      // The default as JSON in code (`15`, `"link"` as `link`), or words where it varies by language.
      const shown = typeof value === 'string' ? (value === '' ? '`""`' : `\`${value}\``) : `\`${JSON.stringify(value)}\``;
      assert.ok(cell === shown || /on for|off/.test(cell), `${key}'s default: ${cell} (package.json: ${shown})`);
    }
  });

  it('starts a new user off: where to get a key, then set, search, insert', () => {
    const start = readme.slice(readme.indexOf('## Start in 30 seconds'), readme.indexOf('## What it does'));
    assert.match(start, /\[[^\]]+\]\(https:\/\/www\.pexels\.com\/api\/\)/, 'links the service’s API page');
    for (const step of [/Set\s+API\s+Key…/, /Search Photos…/, /Insert/]) assert.match(start, step);
    for (const section of ['Privacy', 'Works in the browser', 'The service\'s guidelines it follows']) assert.ok(readme.includes(`\n## ${section}\n`), section);
  });

  it('leaves contributors’ matters to CONTRIBUTING.md, but for the set-up under "Develop"', () => {
    const start = readme.indexOf('\n## Develop\n');
    assert.ok(start >= 0, 'README.md has a "## Develop" section');
    // The table ends at the next heading, a subsection's too.
  const end = readme.indexOf('\n##', start + 1);
    const develop = readme.slice(start, end < 0 ? undefined : end);
    assert.doesNotMatch(readme.replace(develop, ''), /npm (test|run|install)/, 'no npm commands for contributors outside "Develop"');
    const commands = [...develop.matchAll(/npm (?:test|install|run [\w:]+)/g)].map((m) => m[0]);
    assert.deepEqual([...new Set(commands)].sort(), ['npm install', 'npm run demo', 'npm run test:quick', 'npm test']);
    assert.match(develop, /\[CONTRIBUTING\.md\]\(CONTRIBUTING\.md\)/);
    const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
    for (const topic of ['npm run demo', 'npm test', 'npm run bench', 'npm run package', 'npm run screenshots', '## Design']) assert.ok(contributing.includes(topic), topic);
  });
});

describe('README in the VSIX', () => {
  const markdown = readme;

  it('with a repository: every relative link and image absolute, code untouched', () => {
    const out = packagedReadme(markdown, { kind: 'absolute', ...repositoryBases('https://github.com/someone/stock-media.git') });
    assert.match(out, /!\[[^\]]+\]\(https:\/\/github\.com\/someone\/stock-media\/raw\/HEAD\/media\/screenshots\/grid-photos-dark\.webp\)/);
    assert.match(out, /\[CONTRIBUTING\.md\]\(https:\/\/github\.com\/someone\/stock-media\/blob\/HEAD\/CONTRIBUTING\.md\)/);
    const targets = [...out.matchAll(/\]\(([^)\s]+)/g)].map((m) => m[1]!);
    assert.deepEqual(targets.filter(isRelativeTarget), []);
    const small = packagedReadme('See `[a](#x)` and ![b](m/b.webp)\n```\n[c](https://d)\n```\n', { kind: 'absolute', contentBase: 'https://h/r', imagesBase: 'https://h/raw' });
    assert.equal(small, 'See `[a](#x)` and ![b](https://h/raw/m/b.webp)\n```\n[c](https://d)\n```\n');

  });

  it('without one: no image, and links to repository files keep only their text', () => {
    const out = packagedReadme(markdown, { kind: 'text' });
    assert.doesNotMatch(out, /!\[/);
    assert.doesNotMatch(out, /\]\((?!https:|mailto:|#)/);
    assert.match(out, /is\s+in CONTRIBUTING\.md\./);
    assert.doesNotMatch(out, /^\|\s*\|\s*\|$/m, 'the screenshots’ table is gone with them');
    assert.ok(out.includes('## Commands') && out.includes('| `stockMedia.search` |'), 'the rest is kept');
  });

  it('refuses what vsce would refuse: a relative link in code, when links are rewritten', () => {
    assert.throws(() => packagedReadme('Write `![alt](url)` here.', { kind: 'text' }), /vsce would refuse these relative link targets.*url/);
  });

  it('derives GitHub and GitLab addresses as vsce does, and takes another https URL as the base', () => {
    assert.deepEqual(repositoryBases('git+https://github.com/a/b.git', 'main'), { contentBase: 'https://github.com/a/b/blob/main', imagesBase: 'https://github.com/a/b/raw/main' });
    assert.deepEqual(repositoryBases('https://gitlab.com/g/sub/p'), { contentBase: 'https://gitlab.com/g/sub/p/-/blob/HEAD', imagesBase: 'https://gitlab.com/g/sub/p/-/raw/HEAD' });
    assert.deepEqual(repositoryBases('https://example.org/files/'), { contentBase: 'https://example.org/files', imagesBase: 'https://example.org/files' });
    assert.throws(() => repositoryBases('http://example.org/x'), /Not a repository URL/);
  });
});
