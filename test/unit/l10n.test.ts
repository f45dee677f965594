// Every user-facing text is translated, and the translations keep what the code relies on:
// every l10n.t message in src/ is in the German bundle (and in the English export for
// translators), every %key% of package.json is in package.nls.json and package.nls.de.json,
// placeholders and markup survive translation, no German text is left in English by
// accident, and the credit line's fixed German words agree with the UI's translation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREDIT_WORDS, creditLanguage, creditWordsFor } from '../../src/core/insert/creditWords';
import { creditHtml, creditMarkdown, creditPlain } from '../../src/core/insert/credit';
import { creditFacts } from '../../src/core/insert/facts';
import ts from 'typescript';
import { distinctMessages, scanSources, scanText, sourceFiles } from './l10nScan';
import { photoItem } from './insertFixtures';

const root = join(__dirname, '..', '..');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;

type Bundle = Record<string, string>;

const placeholders = (text: string): string[] => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();

/** Markup that must survive translation: bold, links, code spans, setting links, variables, named placeholders, URLs. */
function markup(text: string): string[] {
  const count = (token: string): string => `${token}×${text.split(token).length - 1}`;
  const all = (re: RegExp): string[] => (text.match(re) ?? []).sort();
  return [
    count('**'),
    count(']('),
    count('`'),
    ...all(/#[\w.]+#/g),
    ...all(/\$\{\w+\}/g),
    ...all(/\{[A-Za-z]\w*\}/g),
    ...all(/\(command:[\w.]+\)/g),
    ...all(/https?:\/\/[^\s)]+/g),
  ];
}

/** Words of a text without placeholders, numbers and punctuation. */
const words = (text: string): string[] => text.replace(/\{\d+\}/g, ' ').split(/[^\p{L}]+/u).filter(Boolean);

/** Same text in German is fine for names and short technical words, never for a sentence. */
function identicalIsFine(english: string): boolean {
  return words(english).length <= 2;
}

/** Problems of one German translation, or none. */
function translationProblems(english: string, german: string | undefined): string[] {
  if (german === undefined) return ['no German translation'];
  const problems: string[] = [];
  if (german.trim() === '') problems.push('the German text is empty');
  if (german === english && !identicalIsFine(english)) problems.push('the German text is the English one');
  if (placeholders(german).join() !== placeholders(english).join()) {
    problems.push(`placeholders differ: ${placeholders(english).join(' ')} vs ${placeholders(german).join(' ')}`);
  }
  if (markup(german).join() !== markup(english).join()) problems.push(`markup differs: ${markup(english).join(' ')} vs ${markup(german).join(' ')}`);
  // German quotation marks: „…“ (the English closing ” must not appear).
  if (german.includes('\u201d') || (german.match(/\u201e/g) ?? []).length !== (german.match(/\u201c/g) ?? []).length) {
    problems.push('quotation marks are not German („…“)');
  }
  // The Sie form throughout, as in VS Code's German.
  if (/\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b/i.test(german)) problems.push('uses the du form');
  if (/\s$|^\s/.test(german) !== /\s$|^\s/.test(english)) problems.push('leading or trailing space differs');
  return problems;
}

function failures(entries: Iterable<[string, string[]]>): string {
  return [...entries]
    .filter(([, problems]) => problems.length > 0)
    .map(([key, problems]) => `${JSON.stringify(key)}: ${problems.join('; ')}`)
    .join('\n');
}

describe('localisation', () => {
  describe('runtime strings (l10n.t / vscode.l10n.t)', () => {
    const scan = scanSources(root);
    const messages = distinctMessages(scan.messages);
    const german = readJson<Bundle>('l10n/bundle.l10n.de.json');
    const english = readJson<Bundle>('l10n/bundle.l10n.json');

    it('finds the messages of core, api and host alike', () => {
      // The scan is the complement of @vscode/l10n-dev, which misses core and api entirely.
      const files = new Set(scan.messages.map((m) => m.where.replace(/\/[^/]*$/, '')));
      for (const dir of ['src/core', 'src/core/insert', 'src/api', 'src/host/insert', 'src/host/grid', 'src/host/collections']) {
        assert.ok(files.has(dir), `no message found in ${dir}`);
      }
      assert.ok(messages.length > 250, `only ${messages.length} messages`);
    });

    it('every message is a string literal (so it can be extracted)', () => {
      assert.deepEqual(scan.problems, []);
    });

    it('every message has a German translation with the same placeholders and markup', () => {
      assert.equal(failures(messages.map((m) => [m, translationProblems(m, german[m])])), '');
    });

    it('the German bundle holds no stale or altered keys', () => {
      assert.deepEqual(Object.keys(german).filter((key) => !messages.includes(key)), []);
    });

    it('the English bundle for translators (npm run l10n:export) is up to date', () => {
      assert.deepEqual(Object.keys(english).sort(), [...messages].sort());
      for (const [key, value] of Object.entries(english)) assert.equal(value, key);
    });

    it('no message holds braces other than its {0}-style placeholders', () => {
      // vscode.l10n.t substitutes any `{…}`: a literal brace breaks the placeholders after it.
      const braces = (text: string): boolean => /[{}]/.test(text.replace(/\{\d+\}/g, ''));
      assert.deepEqual(messages.filter(braces), []);
      assert.deepEqual(Object.values(german).filter(braces), []);
    });

    it('the German runtime texts use no straight double quotes', () => {
      assert.deepEqual(Object.values(german).filter((text) => text.includes('"')), []);
    });
  });

  describe('the grid webview', () => {
    it('gets every text from the host, each a vscode.l10n.t call (gridStrings.ts) or a label of the error actions’ table', () => {
      const file = 'src/host/grid/gridStrings.ts';
      const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
      const untranslated: string[] = [];
      let texts = 0;
      const isTranslated = (node: ts.Expression): boolean =>
        ts.isCallExpression(node) && /^vscode\.l10n\.t$/.test(node.expression.getText(source)) && ts.isStringLiteral(node.arguments[0] ?? node);
      const visit = (node: ts.Node): void => {
        // The object literals of gridStrings() and colorNames(): every property is a text.
        if (ts.isPropertyAssignment(node)) {
          const value = node.initializer;
          if (isTranslated(value)) texts++;
          // colorNames() is the object below; errorActionLabel() reads the error actions' table (l10n.t there).
          else if (!(ts.isCallExpression(value) && ['colorNames', 'errorActionLabel'].includes(value.expression.getText(source)))) {
            untranslated.push(node.getText(source));
          }
        } else if (ts.isShorthandPropertyAssignment(node) && !['serviceName', 'serviceUrl'].includes(node.name.text)) {
          untranslated.push(node.getText(source));
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      assert.deepEqual(untranslated, []);
      assert.ok(texts > 80, `only ${texts} texts`);
    });

    it('holds no sentence of its own but a developer error and the last-resort start failure', () => {
      const sentences: string[] = [];
      for (const path of sourceFiles(join(root, 'src', 'webview'))) {
        const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
        const visit = (node: ts.Node): void => {
          if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) && /\p{L}{2,} \p{L}{2,} \p{L}{2,}/u.test(node.text)) {
            sentences.push(node.text);
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
      assert.deepEqual(sentences.sort(), [
        // Thrown at a programming mistake, never shown.
        'Inline style attributes are blocked by the CSP; use el.style.',
        // Shown only when the host's translated data-start-failed attribute is missing too.
        'Stock Media: the grid could not start (its start-up data is missing or damaged). Close it and search again.',
      ]);
    });
  });

  describe('the scan itself', () => {
    it('reads single, double and template-free quotes, and ignores comments', () => {
      const { messages, problems } = scanText(
        [
          "// vscode.l10n.t('in a comment')",
          "/* l10n.t('in a block comment') */",
          "const a = vscode.l10n.t('single {0}', x);",
          'const b = l10n.t("double");',
          'const c = vscode.l10n.t(`template free`);',
          "const d = `${l10n.t('inside a substitution')}`;",
          "const e = other.t('not ours');",
        ].join('\n'),
        'src/host/example.ts',
      );
      assert.deepEqual(
        messages.map((m) => m.message),
        ['single {0}', 'double', 'template free', 'inside a substitution'],
      );
      assert.deepEqual(problems, []);
    });

    it('rejects a message that is not a literal', () => {
      for (const call of ['vscode.l10n.t(message)', 'vscode.l10n.t(`Hello ${name}`)', "l10n.t('a' + b)", 'vscode.l10n.t(...args)']) {
        const { problems } = scanText(`const x = ${call};`, 'src/host/example.ts');
        assert.equal(problems.length, 1, call);
      }
    });

    it('allows only the one translator bridge in src/host/common/translator.ts', () => {
      const bridge = 'setTranslator((message, ...args) => vscode.l10n.t(message, ...args), vscode.env.language);';
      assert.deepEqual(scanText(bridge, 'src/host/common/translator.ts').problems, []);
      assert.equal(scanText(`${bridge}\n${bridge}`, 'src/host/common/translator.ts').problems.length, 2);
      assert.equal(scanText(bridge, 'src/extension.ts').problems.length, 1);
      assert.equal(scanText(bridge, 'src/host/client.ts').problems.length, 1);
    });
  });

  describe('contributions (package.json %key%)', () => {
    const pkg = readJson<Record<string, unknown>>('package.json');
    const english = readJson<Bundle>('package.nls.json');
    const german = readJson<Bundle>('package.nls.de.json');

    const USER_FACING = new Set([
      'title',
      'category',
      'name',
      'contextualTitle',
      'contents',
      'description',
      'markdownDescription',
      'enumDescriptions',
      'markdownEnumDescriptions',
      'deprecationMessage',
      'markdownDeprecationMessage',
    ]);
    /** [path, text] of every user-facing text package.json contributes. */
    function userFacing(): [string, string][] {
      const out: [string, string][] = [];
      const walk = (value: unknown, path: string, key: string | undefined): void => {
        if (typeof value === 'string') {
          if (key !== undefined && USER_FACING.has(key)) out.push([path, value]);
        } else if (Array.isArray(value)) {
          value.forEach((v, i) => walk(v, `${path}[${i}]`, key));
        } else if (typeof value === 'object' && value !== null) {
          for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, k);
        }
      };
      // The agent's tools: what the person reads (displayName, userDescription) is a %key%; a
      // tool's name, its modelDescription and its input schema are read by the model, in English.
      const { languageModelTools, ...contributes } = pkg['contributes'] as { languageModelTools?: Record<string, unknown>[] };
      walk(contributes, 'contributes', undefined);
      (languageModelTools ?? []).forEach((tool, i) => {
        for (const key of ['displayName', 'userDescription']) out.push([`contributes.languageModelTools[${i}].${key}`, String(tool[key])]);
      });
      const capabilities = pkg['capabilities'] as { untrustedWorkspaces?: { description?: string } } | undefined;
      out.push(['displayName', String(pkg['displayName'])], ['description', String(pkg['description'])]);
      out.push(['capabilities.untrustedWorkspaces.description', String(capabilities?.untrustedWorkspaces?.description)]);
      return out;
    }
    const keys = (): string[] => [...JSON.stringify(pkg).matchAll(/"%([^"%]+)%"/g)].map((m) => m[1] ?? '');

    it('every user-facing text is a %key%', () => {
      const literal = userFacing().filter(([, text]) => !/^%[^%]+%$/.test(text));
      assert.deepEqual(literal, []);
      assert.ok(userFacing().length >= 60, `only ${userFacing().length} texts found`);
    });

    it('points at its bundles: "l10n": "./l10n"', () => {
      assert.equal(pkg['l10n'], './l10n');
    });

    it('every %key% has an English and a German text, and no text is unused', () => {
      const used = new Set(keys());
      assert.deepEqual([...used].filter((k) => english[k] === undefined), []);
      assert.deepEqual(Object.keys(english).filter((k) => !used.has(k)), []);
      assert.deepEqual(Object.keys(german).sort(), Object.keys(english).sort());
    });

    it('the German texts keep placeholders, links, setting references and code', () => {
      assert.equal(failures(Object.entries(english).map(([key, text]) => [key, translationProblems(text, german[key])])), '');
    });

    it('every setting has a German description', () => {
      const properties = (pkg['contributes'] as { configuration: { properties: Record<string, unknown> } }).configuration.properties;
      assert.ok(Object.keys(properties).length > 10);
      for (const id of Object.keys(properties)) {
        const short = id.replace(/^stockMedia\./, '');
        assert.ok(
          german[`configuration.${short}.description`] ?? german[`configuration.${short}.markdownDescription`],
          `no German description for ${id}`,
        );
      }
    });
  });

  describe('the credit line (inserted into documents, so words from a fixed table)', () => {
    const ui = readJson<Bundle>('l10n/bundle.l10n.de.json');

    it('its German words are the ones the UI shows for the same sentences', () => {
      const de = CREDIT_WORDS.de;
      assert.equal(de.photoBy, ui['Photo by {0} on {1}']);
      assert.equal(de.videoBy, ui['Video by {0} on {1}']);
      assert.equal(de.photoAlt, ui['Photo by {0}']);
      assert.equal(de.videoAlt, ui['Video by {0}']);
      assert.equal(de.photoId, ui['Photo {0}']);
      assert.equal(de.videoId, ui['Video {0}']);
      assert.equal(de.theService, ui['the service']);
      const en = CREDIT_WORDS.en;
      for (const [key, value] of Object.entries(en)) {
        if (key !== 'photoOn' && key !== 'videoOn') assert.ok(key === 'theService' || ui[value] !== undefined, `${value} is no UI message`);
      }
    });

    it('each language has every sentence, with the same placeholders and nothing any format would read as syntax', () => {
      for (const words of Object.values(CREDIT_WORDS)) {
        for (const [key, value] of Object.entries(words)) {
          assert.match(value, /^[\p{L} ]*(\{\d\}[\p{L} ]*)*$/u, `${key}: ${value}`);
          assert.deepEqual(placeholders(value), placeholders(CREDIT_WORDS.en[key as keyof typeof CREDIT_WORDS.en]), key);
        }
      }
    });

    it('auto follows the display language when there is a credit in it, else English; en and de are fixed', () => {
      assert.equal(creditLanguage('auto', 'de'), 'de');
      assert.equal(creditLanguage('auto', 'de-CH'), 'de');
      assert.equal(creditLanguage('auto', 'en'), 'en');
      assert.equal(creditLanguage('auto', 'fr'), 'en');
      assert.equal(creditLanguage('auto', undefined), 'en');
      assert.equal(creditLanguage('en', 'de'), 'en');
      assert.equal(creditLanguage('de', 'en'), 'de');
      assert.equal(creditLanguage('klingon', 'de'), 'de');
    });

    it('reads "Foto von … auf …" in German, in every syntax, links unchanged', () => {
      const media = photoItem();
      const facts = creditFacts(media, { serviceName: 'Pexels', serviceUrl: 'https://www.pexels.com', creditWords: creditWordsFor('de', 'en') });
      const photo = media.kind === 'photo' ? media.photo : undefined;
      assert.ok(photo);
      assert.equal(creditMarkdown(facts), `Foto von [${photo.photographer}](${photo.photographer_url}) auf [Pexels](${photo.url})`);
      assert.equal(creditPlain(facts), `Foto von ${photo.photographer} (${photo.photographer_url}) auf Pexels (${photo.url})`);
      assert.match(creditHtml(facts), /^Foto von <a href="[^"]+">[^<]+<\/a> auf <a href="[^"]+">Pexels<\/a>$/);
      const english = creditFacts(media, { serviceName: 'Pexels', serviceUrl: 'https://www.pexels.com' });
      assert.equal(creditPlain(english), `Photo by ${photo.photographer} (${photo.photographer_url}) on Pexels (${photo.url})`);
    });

    it('without a photographer: "Foto auf …"', () => {
      const media = photoItem({ photographer: '' });
      const facts = creditFacts(media, { serviceName: 'Pexels', serviceUrl: 'https://www.pexels.com', creditWords: CREDIT_WORDS.de });
      assert.match(creditPlain(facts), /^Foto auf Pexels \(/);
    });
  });
});
