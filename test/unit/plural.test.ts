// Counted words through Intl.PluralRules: the form is picked by the display language's rules,
// each form translated in the bundle like every other message.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionDescription, countsText } from '../../src/core/collectionsText';
import { formatMessage, l10n, pluralOf, setTranslator } from '../../src/core/l10n';
import type { Collection } from '../../src/core/model';
import { hiddenQuotaText } from '../../src/core/quotaView';

const de = JSON.parse(readFileSync(join(__dirname, '..', '..', 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string>;
const german = (message: string, ...args: (string | number | boolean)[]): string => formatMessage(de[message] ?? `UNTRANSLATED ${message}`, args);
const english = (message: string, ...args: (string | number | boolean)[]): string => formatMessage(message, args);

function collection(photos: number, videos: number): Collection {
  return {
    id: 'c1',
    title: 'Lakes',
    description: null,
    private: false,
    media_count: photos + videos,
    photos_count: photos,
    videos_count: videos,
  };
}

describe('plurals', () => {
  afterEach(() => setTranslator(english));

  it('picks the form by the locale’s rules, not by “equals 1”', () => {
    const forms = { one: 'one {0}', other: 'other {0}' };
    assert.equal(pluralOf('en', 1, forms), 'one {0}');
    assert.equal(pluralOf('en', 0, forms), 'other {0}');
    assert.equal(pluralOf('en', 2, forms), 'other {0}');
    assert.equal(pluralOf('de', 1, forms), 'one {0}');
    assert.equal(pluralOf('de', 0, forms), 'other {0}');
    assert.equal(pluralOf('de', 1.5, forms), 'other {0}');
    // French counts 0 as singular; a language without "one" for 1 (Japanese) always takes "other".
    assert.equal(pluralOf('fr', 0, forms), 'one {0}');
    assert.equal(pluralOf('ja', 1, forms), 'other {0}');
    // Russian: 21 is "one" — why every form keeps its {0}.
    assert.equal(pluralOf('ru', 21, forms), 'one {0}');
    assert.equal(pluralOf('ru', 5, forms), 'other {0}');
  });

  it('falls back to English rules for a language id Intl does not know', () => {
    const forms = { one: 'one', other: 'other' };
    assert.equal(pluralOf('qps-ploc', 1, forms), 'one');
    assert.equal(pluralOf('not a locale!', 2, forms), 'other');
  });

  it('in English', () => {
    setTranslator(english, 'en');
    assert.equal(countsText(collection(1, 0), 'en'), '1 photo');
    assert.equal(countsText(collection(2, 1), 'en'), '2 photos · 1 video');
    assert.equal(countsText(collection(0, 1234), 'en'), '1,234 videos');
    assert.equal(collectionDescription(collection(1, 4), 'photos', 'en'), '1 photo only');
    assert.equal(collectionDescription(collection(1, 4), 'videos', 'en'), '4 videos only');
    const fmt = { number: (n: number) => new Intl.NumberFormat('en').format(n) };
    assert.equal(hiddenQuotaText(1, fmt), 'Quota not visible · 1 request this hour');
    assert.equal(hiddenQuotaText(0, fmt), 'Quota not visible · 0 requests this hour');
    assert.equal(l10n.plural(1, { one: l10n.t('{0} result', 1), other: l10n.t('{0} results', 1) }), '1 result');
  });

  it('in German', () => {
    setTranslator(german, 'de');
    assert.equal(countsText(collection(1, 0), 'de'), '1 Foto');
    assert.equal(countsText(collection(2, 1), 'de'), '2 Fotos · 1 Video');
    assert.equal(countsText(collection(0, 1234), 'de'), '1.234 Videos');
    assert.equal(countsText(collection(0, 0)), 'Leer');
    assert.equal(collectionDescription(collection(1, 4), 'photos', 'de'), 'nur 1 Foto');
    assert.equal(collectionDescription(collection(1, 4), 'videos', 'de'), 'nur 4 Videos');
    const fmt = { number: (n: number) => new Intl.NumberFormat('de').format(n) };
    assert.equal(hiddenQuotaText(1, fmt), 'Kontingent nicht sichtbar · 1 Anfrage in dieser Stunde');
    assert.equal(hiddenQuotaText(0, fmt), 'Kontingent nicht sichtbar · 0 Anfragen in dieser Stunde');
    assert.equal(l10n.plural(1, { one: l10n.t('{0} result', 1), other: l10n.t('{0} results', 1) }), '1 Ergebnis');
    assert.equal(l10n.plural(3, { one: l10n.t('{0} result', 3), other: l10n.t('{0} results', 3) }), '3 Ergebnisse');
  });

  it('has both forms of every counted message in the German bundle', () => {
    const pairs: [string, string][] = [
      ['{0} photo', '{0} photos'],
      ['{0} video', '{0} videos'],
      ['{0} item', '{0} items'],
      ['{0} result', '{0} results'],
      ['{0} result could not be shown', '{0} results could not be shown'],
      ['{0} request is left in the quota.', '{0} requests are left in the quota.'],
      ['Quota not visible · {0} request this hour', 'Quota not visible · {0} requests this hour'],
    ];
    for (const [one, other] of pairs) {
      assert.ok(de[one] && de[other], `${one} / ${other}`);
      assert.notEqual(de[one], de[other], `${one}: the German forms differ`);
    }
  });
});
