// The search language the grid starts with, from VS Code's display language.
import assert from 'node:assert/strict';
import { defaultLocale } from '../../src/core/locale';
import { LOCALES } from '../../src/core/params';

describe('defaultLocale', () => {
  const cases: [string | undefined, string][] = [
    ['en', 'en-US'],
    ['en-gb', 'en-US'],
    ['de', 'de-DE'],
    ['fr', 'fr-FR'],
    ['pt-br', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['es', 'es-ES'],
    ['es-mx', 'es-ES'],
    ['ja', 'ja-JP'],
    ['ko', 'ko-KR'],
    ['zh-cn', 'zh-CN'],
    ['zh-tw', 'zh-TW'],
    ['zh-hk', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['nb', 'nb-NO'],
    ['no', 'nb-NO'],
    ['cs', 'cs-CZ'],
    ['tr', 'tr-TR'],
    ['ru_RU', 'ru-RU'],
    ['uk', 'uk-UA'],
    ['qps-ploc', 'en-US'],
    ['ar', 'en-US'],
    ['he', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ];
  for (const [language, expected] of cases) {
    it(`${JSON.stringify(language)} → ${expected}`, () => assert.equal(defaultLocale(language), expected));
  }

  it('maps each supported locale to itself, in any case', () => {
    for (const locale of LOCALES) {
      assert.equal(defaultLocale(locale), locale);
      assert.equal(defaultLocale(locale.toLowerCase()), locale);
    }
  });
});
