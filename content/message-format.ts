/**
 * A sentence with slots, filled: an ICU MessageFormat template as FormatJS's
 * parser hands it over (its AST, content/messages.ts parses and checks it),
 * its slots filled with values, its plurals chosen by the language's rules
 * (Intl.PluralRules) and its numbers written in the language's digits
 * (Intl.NumberFormat). Only the kinds of element the content check lets a
 * template hold: words, {slot}, select, plural and selectordinal with #.
 *
 * Ours rather than intl-messageformat's formatter, because the visitor's
 * local-hours line fills its templates in the browser, whose own JavaScript
 * has 6 KB (brotli) in all: intl-messageformat is 7 KB without its parser.
 * The browser gets the templates parsed (the page carries their AST), so
 * nothing is parsed there; the server and the build fill with the same
 * function, so a sentence reads the same on both (tests/messages.test.ts
 * holds it to intl-messageformat's output).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The parser's element kinds this fills (its TYPE enum's values; tests/messages.test.ts compares them). */
export const KIND = { literal: 0, argument: 1, select: 5, plural: 6, pound: 7 } as const;

export type MessageAst = MessageFormatElement[];

/** A slot's value: words, a number (written in the language's digits, and what a plural counts), or a part of a page (a link, an element). */
export type SlotValue<T = never> = string | number | T;

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

function pluralRule(locale: string, type: 'cardinal' | 'ordinal'): Intl.PluralRules {
  const key = `${type} ${locale}`;
  let rule = pluralRules.get(key);
  if (!rule) pluralRules.set(key, (rule = new Intl.PluralRules(locale, { type })));
  return rule;
}

/**
 * The template's parts in order: its words and the values of its slots,
 * adjacent words joined. A value that is neither words nor a number (a
 * link) stays a part of its own, for a renderer to place.
 */
export function formatParts<T>(ast: MessageAst, locale: string, values: Readonly<Record<string, SlotValue<T>>>): Array<string | T> {
  const parts: Array<string | T> = [];
  const push = (part: string | T) => {
    if (typeof part === 'string' && typeof parts.at(-1) === 'string') parts[parts.length - 1] += part;
    else if (part !== '') parts.push(part);
  };
  const walk = (elements: MessageAst, count: number | undefined) => {
    for (const element of elements) {
      switch (element.type as number) {
        case KIND.literal:
          push((element as { value: string }).value);
          break;
        case KIND.pound:
          if (count !== undefined) push(numberFormat(locale).format(count));
          break;
        case KIND.argument: {
          const value = slot(values, (element as { value: string }).value);
          push(typeof value === 'number' ? numberFormat(locale).format(value) : value);
          break;
        }
        case KIND.select: {
          const { value: name, options } = element as { value: string; options: Record<string, { value: MessageAst }> };
          const chosen = options[String(slot(values, name))] ?? options.other!;
          walk(chosen.value, count);
          break;
        }
        case KIND.plural: {
          const { value: name, options, offset, pluralType } = element as { value: string; options: Record<string, { value: MessageAst }>; offset: number; pluralType: 'cardinal' | 'ordinal' };
          const value = slot(values, name);
          if (typeof value !== 'number') throw new Error(`{${name}} counts, so its value must be a number, not ${JSON.stringify(value)}`);
          const chosen = options[`=${value}`] ?? options[pluralRule(locale, pluralType).select(value - offset)] ?? options.other!;
          walk(chosen.value, value - offset);
          break;
        }
        default:
          throw new Error(`A template holds an element of kind ${element.type}, which the content check refuses`);
      }
    }
  };
  walk(ast, undefined);
  return parts;
}

/** The template filled, as words. */
export function formatText(ast: MessageAst, locale: string, values: Readonly<Record<string, string | number>>): string {
  return formatParts(ast, locale, values).join('');
}

function slot<T>(values: Readonly<Record<string, SlotValue<T>>>, name: string): SlotValue<T> {
  if (!Object.hasOwn(values, name)) throw new Error(`No value for the slot {${name}}`);
  return values[name]!;
}

/**
 * The language's spacing of punctuation (languages.yaml `punctuation:
 * spaced`, French): the space typed before : ; ! ? and » and after « becomes
 * a narrow no-break space (U+202F), so that an owner typing a plain space
 * gets it right and a line never breaks there. Nothing is added where no
 * space was typed (https://, 12:30).
 */
export function spacePunctuation(text: string): string {
  return text.replace(/[ \u00A0\u2009](?=[:;!?»])/g, '\u202F').replace(/«[ \u00A0\u2009]/g, '«\u202F');
}
