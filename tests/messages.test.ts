/**
 * Sentences with slots (content/messages.ts, content/message-format.ts): the check's verdict on templates, our filler
 * against intl-messageformat's in languages of two, three and six plural categories, and French punctuation's spacing.
 */
import { TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatText, KIND, spacePunctuation } from '../content/message-format.ts';
import { messageProblems, portableAst, type Slots } from '../content/messages.ts';
import type { Language, Templates } from '../content/schema.ts';
import { sayDate } from '../shared/sentences.ts';

const SLOTS: Slots = {
  title: { kind: 'text', says: 'the title' },
  count: { kind: 'number', says: 'how many', optional: true, counts: true },
  day: { kind: 'number', says: 'the day', optional: true },
};
const ENGLISH = { locale: 'en-GB', name: 'English' };
const ARABIC = { locale: 'ar-EG', name: 'العربية' };

describe('a template against its slots', () => {
  it.each<[string, string, typeof ENGLISH, string[]]>([
    ['fills every slot it needs', 'About {title}', ENGLISH, []],
    ['counts in every plural category of English', 'About {title}: {count, plural, one {# thing} other {# things}}', ENGLISH, []],
    ['a slot the site does not fill', 'About {title} by {author}', ENGLISH, ['{author} is not a placeholder we know ({title}, {count}, {day})']],
    ['a slot it needs, left out', 'About us', ENGLISH, ['{title} is missing: the site puts the title there']],
    ['a count written alone', '{title}: {count} things', ENGLISH, ['{count} is a count: write it in a plural, as {count, plural, one {# thing} other {# things}}, with a form for each of the language’s plural categories']],
    [
      'a plural without all of Arabic’s six categories',
      '{title} {count, plural, one {فئة} other {# فئات}}',
      ARABIC,
      ['{count, plural} needs a form for each of العربية’s plural categories (zero, one, two, few, many, other): add zero {…}, two {…}, few {…}, many {…}'],
    ],
    ['a plural on words', '{title, plural, one {#} other {#}}', ENGLISH, ['{title} is words, not a number: it cannot choose a plural']],
    ['a plural without other', '{title} {count, plural, one {#}}', ENGLISH, ['this sentence cannot be read: a plural or select needs an "other {…}" form']],
    ['a brace left open', 'About {title', ENGLISH, ['this sentence cannot be read: a { is not closed by a } (braces mark slots: for brackets in the words, write ( ) or [ ])']],
    ['a format of its own', '{title} on {day, date, short}', ENGLISH, ['{day, …} formats its value itself, which the site does: write {day}']],
    ['an apostrophe that hides a slot', "l'{title}", ENGLISH, ["an apostrophe ' before {, } or # hides it: write ’ instead", '{title} is missing: the site puts the title there']],
  ])('%s: %j', (_case, text, language, problems) => {
    expect(messageProblems(text, SLOTS, language)).toEqual(problems);
  });
});

describe('filling a template', () => {
  it('names the parser’s element kinds as the parser does', () => {
    expect(KIND).toEqual({ literal: TYPE.literal, argument: TYPE.argument, select: TYPE.select, plural: TYPE.plural, pound: TYPE.pound });
  });

  // What the browser fills (ours) reads as what intl-messageformat would write, for every kind a template may hold.
  const TEMPLATES = [
    'About {title}',
    '{count, plural, =0 {none} one {# thing} other {# things}}',
    '{count, plural, zero {# zero} one {# one} two {# two} few {# few} many {# many} other {# other}}',
    '{count, plural, offset:1 =0 {nobody} one {you and # other} other {you and # others}}',
    '{day, selectordinal, one {#er} other {#e}} {title}',
    '{day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
    '{title, select, yes {Open} other {Closed: {title}}}',
    'du {title} au {title}',
  ];
  it.each(TEMPLATES.flatMap((template) => ['en-GB', 'fr-FR', 'ar-EG', 'pl-PL'].flatMap((locale) => [0, 1, 2, 3, 5, 11, 22, 101, 1000000].map((count) => [template, locale, count] as const))))('%s in %s with %d', (template, locale, count) => {
    const values = { title: 'yes', count, day: count };
    expect(formatText(portableAst(template), locale, values)).toBe(new IntlMessageFormat(template, locale, undefined, { ignoreTag: true }).format(values));
  });

  it('writes a number slot in the language’s digits, as ICU does (intl-messageformat writes it as JavaScript would)', () => {
    expect(formatText(portableAst('le {day}'), 'ar-EG', { day: 12 })).toBe('le ١٢');
    expect(formatText(portableAst('{day}'), 'fr-FR', { day: 1000000 })).toBe('1\u202F000\u202F000');
  });
});

describe('a date in a language', () => {
  const words = (locale: string, date: string, punctuation?: Language['punctuation']) => ({ language: { code: 'xx', name: 'X', direction: 'ltr', locale, ...(punctuation && { punctuation }) } as Language, templates: { date } as Templates });
  it.each([
    ['British English, Intl’s whole date', 'en-GB', '{date}', '2023-06-01', '1 June 2023'],
    ['French, the first of the month an ordinal', 'fr-FR', '{day, selectordinal, one {#er} other {#}} {month} {year}', '2023-06-01', '1er juin 2023'],
    ['French, any other day a number', 'fr-FR', '{day, selectordinal, one {#er} other {#}} {month} {year}', '2026-03-12', '12 mars 2026'],
    ['Arabic, Arabic-Indic digits', 'ar-EG', '{date}', '2023-06-01', '١ يونيو ٢٠٢٣'],
    ['Polish, the month as a date names it (genitive)', 'pl-PL', '{day} {month} {year}', '2023-06-01', '1 czerwca 2023'],
    ['Brazilian Portuguese', 'pt-BR', '{date}', '2023-06-01', '1 de junho de 2023'],
  ])('%s: %s', (_case, locale, template, iso, written) => {
    expect(sayDate(words(locale, template), iso)).toBe(written);
  });
});

describe('spacing French punctuation', () => {
  it.each([
    ['Contact : ici', 'Contact\u202F: ici'],
    ['Vraiment ? Oui ! Bien ; voilà', 'Vraiment\u202F? Oui\u202F! Bien\u202F; voilà'],
    ['« Bonjour »', '«\u202FBonjour\u202F»'],
    ['déjà\u00A0: et\u202F:', 'déjà\u202F: et\u202F:'],
    ['https://example.com à 12:30', 'https://example.com à 12:30'],
    ['Note: rien', 'Note: rien'],
  ])('%j → %j', (typed, set) => {
    expect(spacePunctuation(typed)).toBe(set);
  });
});
