/**
 * How a language's text is written (shared/writing.ts), as tables against its functions; that pages and share images
 * then read in order is seen where it can fail: tests/browser/right-to-left.test.ts, tests/share-images.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isolates, scriptOf, type Writing } from '../shared/writing.ts';

const arabic: Writing = { direction: 'rtl', script: 'Arab' };

describe('the runs isolated in right-to-left text', () => {
  it.each([
    ['a code led by digits', 'ملح أمين 2,4-D', ['ملح أمين ', { isolated: '2,4-D' }]],
    ['a standard with its spaces and number', 'إسمنت (CEM I 42.5)', ['إسمنت (', { isolated: 'CEM I 42.5' }, ')']],
    ['a number with its unit', 'عبوة 25 kg', ['عبوة ', { isolated: '25 kg' }]],
    ['an e-mail address, the full stop left to the sentence', 'راسلونا على sales@example.com.', ['راسلونا على ', { isolated: 'sales@example.com' }, '.']],
    ['an abbreviation’s full stop, which a bracket closes at once', 'الغليسرين (USP/Ph. Eur.)', ['الغليسرين (', { isolated: 'USP/Ph. Eur.' }, ')']],
    ['two codes apart, the Arabic comma between them the sentence’s', '(HDPE)، (PP)', ['(', { isolated: 'HDPE' }, ')، (', { isolated: 'PP' }, ')']],
    ['a decomposed accent kept with its letter', 'cafe\u0301 بيت', [{ isolated: 'cafe\u0301' }, ' بيت']],
    ['digits alone, which read in the Arabic’s order', 'من 1,000 إلى 2,000 طن', ['من 1,000 إلى 2,000 طن']],
    ['Arabic digits and percent', 'حمض ٩٨٪', ['حمض ٩٨٪']],
    ['a text all Latin', 'R-134a', [{ isolated: 'R-134a' }]],
    ['a name before the words and one after', 'Example Sourcing على LinkedIn', [{ isolated: 'Example Sourcing' }, ' على ', { isolated: 'LinkedIn' }]],
    ['a share led by digits', 'قماش 100% cotton', ['قماش ', { isolated: '100% cotton' }]],
  ])('%s', (_what, text, pieces) => {
    expect(isolates(text, arabic)).toEqual(pieces);
  });

  it('none in left-to-right text', () => {
    expect(isolates('Diesel (EN 590) and 2,4-D', { direction: 'ltr', script: 'Latn' })).toEqual(['Diesel (EN 590) and 2,4-D']);
  });
});

describe('a language’s script', () => {
  it.each([
    ['en-GB-u-hc-h12', 'Latn'],
    ['fr-FR', 'Latn'],
    ['ar-EG', 'Arab'],
    ['fa-IR', 'Arab'],
    ['he-IL', 'Hebr'],
    ['sr-RS', 'Cyrl'],
  ])('%s is written in %s', (locale, script) => {
    expect(scriptOf({ locale })).toBe(script);
  });
});
