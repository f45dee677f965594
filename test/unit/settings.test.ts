// What the Settings editor and the Welcome page show: every setting described (Markdown), in
// a deliberate place (order) and, for a choice, with a sentence for each value, in English and
// German; the walkthrough's steps complete themselves on a real action and have their media.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContextKey } from '../../src/host/common/commandIds';

const root = join(__dirname, '..', '..');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;

interface Setting {
  description?: string;
  markdownDescription?: string;
  order?: number;
  enum?: unknown[];
  enumDescriptions?: string[];
  markdownEnumDescriptions?: string[];
}

interface Step {
  id: string;
  title: string;
  description: string;
  media: { svg?: string; image?: string; markdown?: string; altText?: string };
  completionEvents?: string[];
}

const pkg = readJson<{
  categories: string[];
  extensionKind?: string[];
  contributes: {
    configuration: { properties: Record<string, Setting> };
    walkthroughs: { id: string; title: string; description: string; steps: Step[] }[];
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
  };
}>('package.json');
const languages = { en: readJson<Record<string, string>>('package.nls.json'), de: readJson<Record<string, string>>('package.nls.de.json') };
const settings = Object.entries(pkg.contributes.configuration.properties);

/** The %key% reference's text in each language; problems when one is missing or empty. */
function textIn(ref: string | undefined, where: string): string[] {
  const key = /^%(.+)%$/.exec(ref ?? '')?.[1];
  if (key === undefined) return [`${where}: ${String(ref)} is not a %key% (so it cannot be translated)`];
  return Object.entries(languages)
    .filter(([, bundle]) => !(bundle[key] ?? '').trim())
    .map(([language]) => `${where}: no ${language} text for ${key}`);
}

describe('settings metadata', () => {
  it('every setting has a Markdown description in English and German, and no plain one', () => {
    const problems = settings.flatMap(([name, s]) => [
      ...textIn(s.markdownDescription, name),
      ...(s.description === undefined ? [] : [`${name}: has a plain description besides the Markdown one`]),
    ]);
    assert.deepEqual(problems, []);
  });

  it('every setting has its own place (order), grouped by hundreds: service, insert, cover, credits, display', () => {
    const orders = settings.map(([name, s]) => [name, s.order] as const);
    assert.deepEqual(orders.filter(([, order]) => !Number.isInteger(order)), []);
    const values = orders.map(([, order]) => order);
    assert.equal(new Set(values).size, values.length, 'two settings share an order');
    const group = (name: string): number => Math.floor((pkg.contributes.configuration.properties[name]?.order ?? -1) / 100);
    assert.equal(group('stockMedia.apiBaseUrl'), group('stockMedia.serviceUrl'));
    assert.equal(group('stockMedia.insert.photoVariant'), group('stockMedia.insert.templates'));
    assert.ok(group('stockMedia.apiBaseUrl') < group('stockMedia.insert.photoVariant'));
    assert.equal(group('stockMedia.cover.preset'), group('stockMedia.cover.size'));
    assert.ok(group('stockMedia.insert.photoVariant') < group('stockMedia.cover.preset'));
    assert.ok(group('stockMedia.cover.preset') < group('stockMedia.creditCheck.enabled'));
    assert.ok(group('stockMedia.creditCheck.enabled') < group('stockMedia.statusBar.visible'));
  });

  it('every choice describes each of its values, in English and German', () => {
    const problems = settings
      .filter(([, s]) => Array.isArray(s.enum))
      .flatMap(([name, s]) => {
        const descriptions = s.markdownEnumDescriptions ?? s.enumDescriptions;
        if (!descriptions || descriptions.length !== s.enum?.length) return [`${name}: ${descriptions?.length ?? 0} descriptions for ${s.enum?.length} values`];
        return descriptions.flatMap((ref, i) => textIn(ref, `${name} = ${String(s.enum?.[i])}`));
      });
    assert.deepEqual(problems, []);
  });

  it('has the status bar setting: always, with a key (the default), never', () => {
    const s = pkg.contributes.configuration.properties['stockMedia.statusBar.visible'] as Setting & { default: unknown };
    assert.deepEqual(s.enum, ['always', 'withKey', 'never']);
    assert.equal(s.default, 'withKey');
  });

  it('runs where the workspace is, or else beside the UI (extensionKind), in a category that fits', () => {
    assert.deepEqual(pkg.extensionKind, ['workspace', 'ui']);
    assert.deepEqual(pkg.categories, ['Other']);
  });
});

describe('the walkthrough', () => {
  const [walkthrough] = pkg.contributes.walkthroughs;
  const commands = new Set(pkg.contributes.commands.map((c) => c.command));
  const views = new Set(Object.values(pkg.contributes.views).flatMap((list) => list.map((v) => v.id)));

  it('is one walkthrough: get a key, set it, search, insert, set a cover, browse collections', () => {
    assert.equal(pkg.contributes.walkthroughs.length, 1);
    assert.ok(walkthrough);
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ['getKey', 'setKey', 'search', 'insert', 'cover', 'collections'],
    );
    assert.deepEqual([...textIn(walkthrough.title, 'title'), ...textIn(walkthrough.description, 'description')], []);
  });

  it('every step completes itself on an event of this extension, and has its texts and media', () => {
    const problems: string[] = [];
    for (const step of walkthrough?.steps ?? []) {
      problems.push(...textIn(step.title, `${step.id} title`), ...textIn(step.description, `${step.id} description`));
      problems.push(...textIn(step.media.altText, `${step.id} altText`));
      const file = step.media.svg ?? step.media.image ?? step.media.markdown;
      if (!file || !existsSync(join(root, file))) problems.push(`${step.id}: no media file ${String(file)}`);
      if (!step.completionEvents?.length) problems.push(`${step.id}: completes only when clicked`);
      for (const event of step.completionEvents ?? []) {
        const [kind, what = ''] = event.split(/:(.*)/s);
        const known =
          (kind === 'onCommand' && commands.has(what)) ||
          (kind === 'onView' && views.has(what)) ||
          (kind === 'onContext' && Object.values<string>(ContextKey).includes(what));
        if (!known) problems.push(`${step.id}: ${event} is not an event of this extension`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('the steps a user may do before opening it complete on what is true (context keys), not on a command having run', () => {
    const events = Object.fromEntries((walkthrough?.steps ?? []).map((s) => [s.id, s.completionEvents ?? []]));
    assert.ok(events['setKey']?.includes(`onContext:${ContextKey.hasApiKey}`));
    assert.ok(events['search']?.includes(`onContext:${ContextKey.hasSearched}`));
    assert.ok(events['insert']?.includes(`onContext:${ContextKey.hasInserted}`));
    assert.ok(events['cover']?.includes(`onContext:${ContextKey.hasSetCover}`));
  });

  it('every step has a button in both languages that does the step', () => {
    for (const step of walkthrough?.steps ?? []) {
      const key = step.description.slice(1, -1);
      for (const [language, bundle] of Object.entries(languages)) {
        assert.match(bundle[key] ?? '', /\n\[[^\]]+\]\(command:[\w.]+(\?[^)]*)?\)$/, `${step.id} in ${language}`);
      }
    }
  });

  it('its media are shipped (.vscodeignore) and draw with the theme’s colours', () => {
    assert.match(readFileSync(join(root, '.vscodeignore'), 'utf8'), /^!media\/walkthrough\/\*\.svg$/m);
    for (const step of walkthrough?.steps ?? []) {
      const svg = readFileSync(join(root, step.media.svg ?? ''), 'utf8');
      assert.match(svg, /var\(--vscode-/, step.id);
      assert.match(svg, /aria-label="[^"]+"/, step.id);
      assert.doesNotMatch(svg, /<script|href="http/i, step.id);
    }
  });
});
