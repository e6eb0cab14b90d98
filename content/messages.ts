/**
 * The sentences of the content as ICU MessageFormat templates
 * (https://formatjs.github.io/docs/core-concepts/icu-syntax): read by
 * FormatJS's parser, checked against the slots the site fills, and filled
 * (message-format.ts). Every text of content/words is one: most hold words
 * alone, some a {placeholder} of the settings or the categories, and the
 * templates of templates.yaml the slots their code fills. The check says,
 * one line each at the field: a template FormatJS cannot read, a slot the
 * site does not fill, one it needs that the template leaves out, a count on
 * a slot of words, and a plural without a form for each of the language's
 * plural categories (Intl.PluralRules: Arabic has six, English two).
 */
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formatParts, formatText, KIND, spacePunctuation, type MessageAst, type SlotValue } from './message-format.ts';
import type { Language } from './schema.ts';

const PLURAL_ORDER: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** A language's plural categories in CLDR's order (zero, one, two, few, many, other): the order ICU lists them in differs between Node's lines. */
export function pluralCategories(locale: string, type: Intl.PluralRuleType = 'cardinal'): Intl.LDMLPluralRule[] {
  return [...new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories].sort((a, b) => PLURAL_ORDER.indexOf(a) - PLURAL_ORDER.indexOf(b));
}

/** What a slot holds: words, or a number (a count, which a plural may choose its words by). */
export interface Slot {
  kind: 'text' | 'number';
  /** What the site puts there, for the owners (the field's description in the editor and the JSON Schema). */
  says: string;
  /** A slot the template may leave out; the others every language's template must have. */
  optional?: true;
  /** A count of things: the words around it depend on it, so it is written inside a plural ({n, plural, one {…} other {…}}), never alone. */
  counts?: true;
}
export type Slots = Readonly<Record<string, Slot>>;

const parsed = new Map<string, MessageAst | Error>();

/** The template's AST, parsed once per text; an Error for a text FormatJS cannot read. */
export function messageAst(text: string): MessageAst | Error {
  let ast = parsed.get(text);
  if (!ast) {
    try {
      // `<` is a letter here, not a tag: the texts are plain words (Markdown's own are read before).
      ast = parse(text, { ignoreTag: true, requiresOtherClause: true });
    } catch (error) {
      ast = error instanceof Error ? error : new Error(String(error));
    }
    parsed.set(text, ast);
  }
  return ast;
}

/** Whether a text has anything for the parser (a brace): most texts are words alone, and are what they say. */
export function hasSlots(text: string): boolean {
  return text.includes('{');
}

/** The parser's errors in the words of someone who writes the text. */
const SYNTAX: Record<string, string> = {
  EXPECT_ARGUMENT_CLOSING_BRACE: 'a { is not closed by a } (braces mark slots: for brackets in the words, write ( ) or [ ])',
  EMPTY_ARGUMENT: 'there is nothing between { and }: write the slot’s name',
  MALFORMED_ARGUMENT: 'a slot’s name is letters only, as {brandName} (braces mark slots: for brackets in the words, write ( ) or [ ])',
  EXPECT_ARGUMENT_TYPE: 'after {name, comes plural, selectordinal or select',
  INVALID_ARGUMENT_TYPE: 'after {name, comes plural, selectordinal or select',
  MISSING_OTHER_CLAUSE: 'a plural or select needs an "other {…}" form',
  EXPECT_PLURAL_ARGUMENT_SELECTOR: 'a plural form is named (one, other, =0…) before its {words}',
  EXPECT_SELECT_ARGUMENT_SELECTOR: 'a select form is named before its {words}',
  INVALID_PLURAL_ARGUMENT_SELECTOR: 'a plural form is zero, one, two, few, many, other or =number',
  DUPLICATE_PLURAL_ARGUMENT_SELECTOR: 'a plural form is written twice',
  DUPLICATE_SELECT_ARGUMENT_SELECTOR: 'a select form is written twice',
  EXPECT_PLURAL_ARGUMENT_SELECTOR_FRAGMENT: 'a plural form’s words go between { and }',
  EXPECT_SELECT_ARGUMENT_SELECTOR_FRAGMENT: 'a select form’s words go between { and }',
};

/** Every slot a template names, with how it uses it (`count` for a plural or selectordinal). */
export function slotsUsed(ast: readonly MessageFormatElement[]): Map<string, 'text' | 'count'> {
  const used = new Map<string, 'text' | 'count'>();
  const walk = (elements: readonly MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === KIND.argument || element.type === KIND.select) used.set(element.value, used.get(element.value) ?? 'text');
      if (element.type === KIND.plural) used.set(element.value, 'count');
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(ast);
  return used;
}

/** The slots a template writes alone, outside a plural of their own ({n} rather than {n, plural, …} or its #). */
function slotsAlone(ast: readonly MessageFormatElement[]): Set<string> {
  const alone = new Set<string>();
  const walk = (elements: readonly MessageFormatElement[], counting: string | undefined) => {
    for (const element of elements) {
      if ((element.type === KIND.argument || element.type === KIND.select) && element.value !== counting) alone.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value, element.type === KIND.plural ? element.value : counting);
    }
  };
  walk(ast, undefined);
  return alone;
}

/**
 * What is wrong with a text as a template of these slots, in a language
 * (its plural categories), each in the words the check reports after the
 * field's name.
 */
export function messageProblems(text: string, slots: Slots, language?: Pick<Language, 'locale' | 'name'>): string[] {
  if (!hasSlots(text)) return requiredSlots(slots).length ? [missing(requiredSlots(slots), slots)] : [];
  const ast = messageAst(text);
  if (ast instanceof Error) return [`this sentence cannot be read: ${SYNTAX[ast.message] ?? ast.message.toLowerCase().replace(/_/g, ' ')}`];
  const problems: string[] = [];
  if (/'[{}#]/.test(text)) problems.push('an apostrophe \' before {, } or # hides it: write ’ instead');
  const walk = (elements: readonly MessageFormatElement[]) => {
    for (const element of elements) {
      if (![KIND.literal, KIND.argument, KIND.select, KIND.plural, KIND.pound].includes(element.type as never)) {
        const name = 'value' in element ? element.value : '';
        problems.push(`{${name}, …} formats its value itself, which the site does: write {${name}}`);
        continue;
      }
      if ('value' in element && element.type !== KIND.literal) {
        const slot = slots[element.value];
        if (!slot) problems.push(`{${element.value}} is not a placeholder we know (${slotList(slots)})`);
        else if (element.type === KIND.plural && slot.kind !== 'number') problems.push(`{${element.value}} is words, not a number: it cannot choose a plural`);
      }
      // Without languages.yaml, the language's plural categories are not known: its own problems are said.
      if (element.type === KIND.plural && language) {
        const categories = pluralCategories(language.locale, element.pluralType ?? 'cardinal');
        const absent = categories.filter((category) => !Object.hasOwn(element.options, category));
        const kind = element.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
        if (absent.length > 0) problems.push(`{${element.value}, ${kind}} needs a form for each of ${language.name}’s ${kind === 'plural' ? 'plural' : 'ordinal'} categories (${categories.join(', ')}): add ${absent.map((category) => `${category} {…}`).join(', ')}`);
      }
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(ast);
  for (const name of slotsAlone(ast)) {
    if (slots[name]?.counts) problems.push(`{${name}} is a count: write it in a plural, as {${name}, plural, one {# thing} other {# things}}, with a form for each of the language’s plural categories`);
  }
  const used = slotsUsed(ast);
  const absent = requiredSlots(slots).filter((name) => !used.has(name));
  if (absent.length > 0) problems.push(missing(absent, slots));
  return problems;
}

function requiredSlots(slots: Slots): string[] {
  return Object.entries(slots).flatMap(([name, slot]) => (slot.optional ? [] : [name]));
}

function missing(names: readonly string[], slots: Slots): string {
  return `${names.map((name) => `{${name}}`).join(' and ')} ${names.length === 1 ? 'is' : 'are'} missing: the site puts ${names.map((name) => slots[name]!.says).join(' and ')} there`;
}

export function slotList(slots: Slots): string {
  return Object.keys(slots).map((name) => `{${name}}`).join(', ');
}

/** The slots a text names, for comparing a translation with its original; none for a text that cannot be read. */
export function slotNames(text: string): string[] {
  if (!hasSlots(text)) return [];
  const ast = messageAst(text);
  return ast instanceof Error ? [] : [...slotsUsed(ast).keys()];
}

/** A checked template's AST (the content check has refused any it cannot read). */
export function checkedAst(text: string): MessageAst {
  const ast = messageAst(text);
  if (ast instanceof Error) throw new Error(`"${text}" cannot be read (the content check refuses it): ${ast.message}`);
  return ast;
}

/** The template filled in a language: its words and slots, its punctuation spaced as the language spaces it. */
export function formatMessage(text: string, language: Language, values: Readonly<Record<string, string | number>>): string {
  const words = hasSlots(text) ? formatText(checkedAst(text), language.locale, values) : text;
  return language.punctuation === 'spaced' ? spacePunctuation(words) : words;
}

/** The template's parts in a language, words and the values that are parts of a page (a link), for a renderer. */
export function messageParts<T>(text: string, language: Language, values: Readonly<Record<string, SlotValue<T>>>): Array<string | T> {
  const parts = hasSlots(text) ? formatParts(checkedAst(text), language.locale, values) : [text];
  return language.punctuation === 'spaced' ? parts.map((part) => (typeof part === 'string' ? spacePunctuation(part) : part)) : parts;
}

/** The template's AST without where each element was written: what a page carries for the browser to fill (client/local-hours.ts). */
export function portableAst(text: string): MessageAst {
  return JSON.parse(JSON.stringify(checkedAst(text), (key, value: unknown) => (key === 'location' ? undefined : value))) as MessageAst;
}
