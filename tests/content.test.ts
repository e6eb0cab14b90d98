/**
 * The content check (content/load.ts, shared/site-check.ts, scripts/build/check-content.ts): each kind of mistake is one
 * line `file:line:column: field: problem`, found in the edited file rather than written down, so the tests hold whatever the words.
 */
import { spawnSync } from 'node:child_process';
import { transformSync } from 'esbuild';
import sharp from 'sharp';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ART_EXTENSIONS, MASTER_LIMITS, pictureNeed, type PictureSlot } from '../content/art.ts';
import { labels as labelsForTest } from '../content/index.ts';
import { markdownBlocks } from '../content/markdown-blocks.ts';
import { portableName, portablePictureName } from '../content/names.ts';
import { pictureProblem } from '../content/picture-problems.ts';
import { problemsBrought } from '../shared/site-check.ts';
import { jsonSchemaPath, jsonSchemas } from '../content/json-schemas.ts';
import { ORIGINAL_WORDS } from '../content/editor-words.ts';
import { readArt, readContent, readEditorWordsFolder, REPO_ROOT } from '../content/read.ts';
import { PLACEHOLDERS, type CollectionKey } from '../content/schema.ts';
import { checkSite, reportProblems } from '../scripts/build/check-content.ts';
import { defaultSite } from '../shared/site.ts';
import { Markdown } from '../shared/ui/Markdown.tsx';
import { InWriting } from '../shared/ui/Words.tsx';
import { copyProject } from '../harness/harness.ts';
import { ABOUT_PATH } from '../shared/paths.ts';
import { content, contentCopy as copyOfContent, contentInMemory, filledRoutes, literally, serverBundle } from './helpers.ts';
import { contentCheckPasses } from './invariants.ts';

/** The content's files in memory, a test's to break, and what the whole check says of them. */
function contentCopy() {
  const copy = contentInMemory();
  return { ...copy, allProblems: async () => (await checkSite(copy.checked(), defaultSite)).problems };
}

/** A copy of content/ on disk, for the notices read from the pictures' files; removed after the test. */
function diskCopy() {
  const copy = copyOfContent();
  copies.push(copy);
  return copy;
}
const copies: Array<{ remove: () => void }> = [];
afterEach(() => {
  for (const copy of copies.splice(0)) copy.remove();
});

const W = 'content/words';
/** The folders of the product's code. */
const PRODUCT_FOLDERS = ['server', 'client', 'shared', 'content', 'scripts'];
/** The default language's code, and its files of two categories and a legal document, as the content has them. */
const D = content.language.code;
const CATEGORY = `categories/${content.categories[0]!.id}.${D}.yaml`;
const ANOTHER = `categories/${content.categories[1]!.id}.${D}.yaml`;
const LEGAL = `legal/${content.legal[0]!.id}.${D}.md`;
const valueOf = (text: string, field: string) => new RegExp(`^(\\s*-?\\s*${field}:) (.+)$`, 'm').exec(text)!;

describe('the content check', () => {
  it('finds nothing wrong with the site’s content and illustrations', async () => {
    const { readSiteOrExit } = await import('../server/config.ts');
    await contentCheckPasses(REPO_ROOT, readSiteOrExit({}));
  });

  it.each<[string, (c: ReturnType<typeof contentCopy>) => string]>([
    [
      'an empty field',
      (c) => {
        c.edit(CATEGORY, /^subtitle: .+$/m, 'subtitle: ""');
        return `${W}/${CATEGORY}:${c.at(CATEGORY, '""')}: subtitle: is empty`;
      },
    ],
    [
      'a blank field',
      (c) => {
        c.edit(CATEGORY, /^intro: .+$/m, 'intro: "   "');
        return `${W}/${CATEGORY}:${c.at(CATEGORY, '"   "')}: intro: is empty`;
      },
    ],
    [
      'a missing field, at the entry it belongs to',
      (c) => {
        c.edit(CATEGORY, /^subtitle: .+\n/m, '');
        return `${W}/${CATEGORY}:2:1: subtitle: is missing`;
      },
    ],
    [
      'an unknown field (a typo)',
      (c) => {
        c.edit(CATEGORY, /^subtitle:/m, 'subtitel:');
        return [`${W}/${CATEGORY}:2:1: subtitle: is missing`, `${W}/${CATEGORY}:${c.at(CATEGORY, 'subtitel')}: subtitel: is not a field of this entry (a typo?)`].join('\n');
      },
    ],
    [
      'a wrong type',
      (c) => {
        c.edit(CATEGORY, /^order: .+$/m, 'order: fifth');
        return `${W}/${CATEGORY}:${c.at(CATEGORY, 'fifth')}: order: should be a number, not "fifth"`;
      },
    ],
    [
      'an empty list item deep in an entry',
      (c) => {
        const item = valueOf(c.read(CATEGORY), 'heading')[0];
        c.edit(CATEGORY, item, item.replace(/heading: .+/, 'heading: ""'));
        return `${W}/${CATEGORY}:${c.at(CATEGORY, '""')}: headings[0].heading: is empty`;
      },
    ],
    [
      'a YAML syntax error',
      (c) => {
        c.edit(CATEGORY, /^title: (.+)$/m, 'title: "$1');
        return `${W}/${CATEGORY}:${c.at(CATEGORY, 'title: "').split(':')[0]}:8:`;
      },
    ],
    [
      'a front matter syntax error in Markdown',
      (c) => {
        c.edit(LEGAL, /^title: (.+)$/m, 'title: [$1');
        return `${W}/${LEGAL}:${c.at(LEGAL, 'title: [').split(':')[0]}:8:`;
      },
    ],
    [
      'a date that is not one',
      (c) => {
        c.edit(LEGAL, /^updated: .+$/m, 'updated: 1 June 2023');
        return `${W}/${LEGAL}:${c.at(LEGAL, '1 June 2023')}: updated: "1 June 2023" is not a date written YYYY-MM-DD`;
      },
    ],
    [
      'raw HTML in Markdown, with its line',
      (c) => {
        c.write(LEGAL, `${c.read(LEGAL)}\n<script>alert('hello')</script>\n`);
        return `${W}/${LEGAL}:${c.at(LEGAL, '<script>')}: text: raw HTML is not allowed in the text`;
      },
    ],
    [
      'HTML inside a paragraph of Markdown',
      (c) => {
        c.write(LEGAL, `${c.read(LEGAL)}\nThis is <b style="color:red">loud</b>.\n`);
        return [`${W}/${LEGAL}:${c.at(LEGAL, '<b ')}: text: raw HTML is not allowed in the text`, `${W}/${LEGAL}:${c.at(LEGAL, '</b>')}: text: raw HTML is not allowed in the text`].join('\n');
      },
    ],
    [
      'an image in Markdown',
      (c) => {
        c.write(LEGAL, `${c.read(LEGAL)}\n![A chart](https://example.org/chart.png)\n`);
        return `${W}/${LEGAL}:${c.at(LEGAL, '![')}: text: images are not allowed in the text`;
      },
    ],
    [
      'a link to a script',
      (c) => {
        c.write(LEGAL, `${c.read(LEGAL)}\n[Click](javascript:alert(1))\n`);
        return `${W}/${LEGAL}:${c.at(LEGAL, '[Click]')}: text: links go to addresses starting https:, http:, mailto: or /, not "javascript:alert(1)"`;
      },
    ],
    [
      'an unknown placeholder in YAML',
      (c) => {
        c.edit(`about.${D}.yaml`, /^lead: .+$/m, 'lead: "{brandname} sources quotations."');
        return `${W}/about.${D}.yaml:${c.at(`about.${D}.yaml`, '"{brandname}')}: lead: {brandname} is not a placeholder we know (${PLACEHOLDERS.map((name) => `{${name}}`).join(', ')})`;
      },
    ],
    [
      'an unknown placeholder in Markdown',
      (c) => {
        c.write(LEGAL, `${c.read(LEGAL)}\nWrite to {email}.\n`);
        return `${W}/${LEGAL}:${c.at(LEGAL, 'Write to {email}')}: text: {email} is not a placeholder we know (${PLACEHOLDERS.map((name) => `{${name}}`).join(', ')})`;
      },
    ],
    [
      'a file without its schema line',
      (c) => {
        c.edit(CATEGORY, /^# yaml-language-server: .+\n/, '');
        return `${W}/${CATEGORY}:1:1: the first line must be "# yaml-language-server: $schema=../../schemas/categories.json", which lets editors check the fields as you type`;
      },
    ],
    [
      'a missing illustration',
      (c) => {
        // The same in every language: the browser editor copies it into the translations.
        c.edit(CATEGORY, /^(\s+file: )(.+)$/m, '$1missing-$2');
        const file = valueOf(c.read(CATEGORY), 'file')[2];
        return `${W}/${CATEGORY}:${c.at(CATEGORY, file!)}: image.file: content/art/${file} is missing: choose another picture for this field, or upload it under Media`;
      },
    ],
    [
      'an illustration of another size',
      (c) => {
        // A drawing of its own: the category's picture may be a photo, which has rules of its own.
        const file = 'drawn.svg';
        c.edit(CATEGORY, /^(\s+file: ).+$/m, `$1${file}`);
        c.art.set(file, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"></svg>'));
        return `${W}/${CATEGORY}:${c.at(CATEGORY, file)}: image.file: content/art/${file} is 400 × 400, not the 480 × 320 it is shown at`;
      },
    ],
    [
      'an illustration that is no image',
      (c) => {
        const file = valueOf(c.read(CATEGORY), 'file')[2]!;
        c.art.set(file, Buffer.from('not an image'));
        return `${W}/${CATEGORY}:${c.at(CATEGORY, file)}: image.file: content/art/${file} is not a picture that can be read (${ART_EXTENSIONS.join(', ')})`;
      },
    ],
    [
      'a missing home page picture (the page could not be drawn)',
      (c) => {
        const file = valueOf(c.read(`home.${D}.yaml`), 'file')[2]!;
        c.art.delete(file);
        return `${W}/home.${D}.yaml:${c.at(`home.${D}.yaml`, file)}: image.file: content/art/${file} is missing: choose another picture for this field, or upload it under Media`;
      },
    ],
    [
      'a line indented further than the field above it, at that line',
      (c) => {
        c.edit(CATEGORY, /^subtitle:/m, '  subtitle:');
        return `${W}/${CATEGORY}:${c.at(CATEGORY, 'subtitle:')}: YAML: this line is indented further than the field above it: line it up with the fields around it`;
      },
    ],
    [
      'words holding a colon and a space, not in quotes, with the fix',
      (c) => {
        c.edit(CATEGORY, /^subtitle: .+$/m, 'subtitle: Fabrics: woven and knitted');
        return `${W}/${CATEGORY}:${c.at(CATEGORY, 'Fabrics: woven')}: YAML: these words hold a colon and a space, which starts a field: put the words in double quotes`;
      },
    ],
    [
      'a tab before a list item, once',
      (c) => {
        const item = /^( +)- (.+)$/m.exec(c.read(CATEGORY).split('items:')[1]!)!;
        c.edit(CATEGORY, `${item[1]}- ${item[2]}\n`, `\t- ${item[2]}\n`);
        return `${W}/${CATEGORY}:${c.at(CATEGORY, `\t- ${item[2]}`)}: YAML: this line is indented with a tab: indent with spaces`;
      },
    ],
    [
      'a front matter whose first line ends in a space, at the right line',
      (c) => {
        c.edit(LEGAL, /^---\n/, '--- \n');
        c.edit(LEGAL, /^updated: .+$/m, 'updated: 1 June 2023');
        return `${W}/${LEGAL}:${c.at(LEGAL, '1 June 2023')}: updated: "1 June 2023" is not a date written YYYY-MM-DD`;
      },
    ],
    [
      'a link that a browser would take to another site (/\\host)',
      (c) => {
        c.write(LEGAL, `${c.read(LEGAL)}\n[Our offices](/\\offices.example/map).\n`);
        return `${W}/${LEGAL}:${c.at(LEGAL, '[Our offices]')}: text: "/\\\\offices.example/map" leads to another site (write a whole address, with https:, for one)`;
      },
    ],
    [
      'a Markdown page with no front matter',
      (c) => {
        c.write(`pages/made-up-by-the-test.${D}.md`, 'Just words.\n');
        return `${W}/pages/made-up-by-the-test.${D}.md:1:1: a Markdown file starts with its front matter: a line ---, its fields, and another line ---`;
      },
    ],
  ])('reports %s in one line: file, line, column, field, problem', (_case, breakIt) => {
    const c = contentCopy();
    expect(c.problems()).toEqual([]);
    const expected = breakIt(c);
    const problems = c.problems().join('\n');
    // A syntax error's message is the YAML parser's own; its place, the quote or bracket left open, is the test's.
    if (expected.endsWith(':')) expect(problems).toMatch(new RegExp(`^${literally(expected)} YAML: .+ \\(opened here\\)$`));
    else expect(problems).toBe(expected);
  });

  describe('a file whose name is not portable', () => {
    // Spaces, capitals, accents, < and &: what a git host, a file system or an address reads otherwise.
    it.each([
      [`categories/Büro Möbel.${D}.yaml`, `buro-mobel.${D}.yaml`],
      [`categories/Fuel & <Oil>.${D}.yaml`, `fuel-oil.${D}.yaml`],
      [`legal/Terms.${D}.md`, `terms.${D}.md`],
      ['pages/énergie--questions.fr.md', 'energie-questions.fr.md'],
    ])('%s is refused in one line, with the portable name to give it', (file, portable) => {
      const c = contentCopy();
      const folder = file.split('/')[0]!;
      const original = { categories: CATEGORY, legal: LEGAL, pages: undefined }[folder];
      c.write(file, original ? c.read(original) : '---\nWords.\n');
      expect(c.problems()).toEqual([`${W}/${file}:1:1: the file name is not portable: name it ${portable}`]);
    });

    it('a picture of content/art too', () => {
      const c = contentCopy();
      c.art.set('Photo Été.PNG', c.art.get(valueOf(c.read(CATEGORY), 'file')[2]!)!);
      expect(c.problems()).toEqual(['content/art/Photo Été.PNG:1:1: the file name is not portable: name it photo-ete.png']);
    });

    it.each([
      ['Büro Möbel', 'buro-mobel'],
      ['Énergie & Fuel <2024>', 'energie-fuel-2024'],
      ['  --Already--portable--  ', 'already-portable'],
      ['medical-supplies', 'medical-supplies'],
      ['ﬁne Ångström', 'fine-angstrom'],
      ['صورة المصنع ٢٠٢٤', 'swrt-almsne-2024'],
      ['Фото завода', 'foto-zavoda'],
      ['日本', ''],
    ])('portableName(%j) is %j', (name, portable) => {
      expect(portableName(name)).toBe(portable);
    });

    it.each([
      ['Photo Été.PNG', 'photo-ete.png'],
      ['Mr. Smith.webp', 'mr-smith.webp'],
      ['energy-and-fuel.svg', 'energy-and-fuel.svg'],
    ])('portablePictureName(%j) is %j', (name, portable) => {
      expect(portablePictureName(name)).toBe(portable);
    });
  });

  describe('two entries that share what must be theirs alone', () => {
    it.each([
      ['slug', 'is also the slug of'],
      ['order', 'is also the order of'],
    ])('a %s: one line naming both files', (field, says) => {
      const c = contentCopy();
      const value = valueOf(c.read(CATEGORY), field)[2]!;
      // In every language, as the browser editor writes it: the translations' must be the same (shown below).
      c.edit(ANOTHER, new RegExp(`^${field}: .+$`, 'm'), `${field}: ${value}`);
      const problems = c.problems();
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${W}/categories/[\\w-]+\\.en\\.yaml:\\d+:\\d+: ${field}: "?${value}"? ${says} ${W}/categories/[\\w-]+\\.en\\.yaml$`));
      for (const file of [CATEGORY, ANOTHER]) expect(problems[0]).toContain(`${W}/${file}`);
    });

    it('an address: a Markdown page at a built-in page’s, a category’s or another page’s', async () => {
      const c = contentCopy();
      const page = (path: string) => `---\n# yaml-language-server: $schema=../../schemas/pages.json\npath: ${path}\ntitle: Made up by the test\ndescription: A page no real entry would be.\nmenuLabel: null\n---\n\nWords.\n`;
      const slug = valueOf(c.read(CATEGORY), 'slug')[2]!;
      c.write(`pages/zz-made-up-a.${D}.md`, page(ABOUT_PATH));
      c.write(`pages/zz-made-up-b.${D}.md`, page(`/products/${slug}`));
      c.write(`pages/zz-made-up-c.${D}.md`, page('/zz-made-up'));
      c.write(`pages/zz-made-up-d.${D}.md`, page('/zz-made-up'));
      c.publish('/zz-made-up');
      expect(await c.allProblems()).toEqual([
        `${W}/pages/zz-made-up-a.${D}.md:3:7: path: ${ABOUT_PATH} is also the address of the ${filledRoutes.find((route) => route.path === ABOUT_PATH)!.title} page`,
        `${W}/pages/zz-made-up-b.${D}.md:3:7: path: /products/${slug} is also the address of ${W}/${CATEGORY}`,
        `${W}/pages/zz-made-up-d.${D}.md:3:7: path: /zz-made-up is also the address of ${W}/pages/zz-made-up-c.${D}.md`,
      ]);
    });
  });

  it('reports a title too long for its share image, at the title', async () => {
    const c = contentCopy();
    const long = 'Textiles, fabrics, yarns, fibres, leathers and every other material a garment maker could ever need';
    c.edit(CATEGORY, /^title: .+$/m, `title: ${long}`);
    expect(await c.allProblems()).toEqual([expect.stringMatching(new RegExp(`^${literally(`${W}/${CATEGORY}:${c.at(CATEGORY, long)}: title: "${long}" is too long for its share image: `)}\\d+ of its ${long.length} characters fit \\("Textiles, .+"\\); shorten it$`))]);
  });

  it('reports a character no font of the share images draws, at the field', async () => {
    const c = contentCopy();
    c.edit(CATEGORY, /^subtitle: .+$/m, 'subtitle: वस्त्र for apparel');
    expect(await c.allProblems()).toEqual([`${W}/${CATEGORY}:${c.at(CATEGORY, 'वस्त्र')}: subtitle: "वस्त्र for apparel" has व (U+0935), which no font of the share images draws`]);
  });

  it('reports every problem, not only the first', () => {
    const c = contentCopy();
    c.edit(CATEGORY, /^subtitle: .+$/m, 'subtitle: ""');
    c.edit(`home.${D}.yaml`, /^lead: .+$/m, 'lead: ""');
    c.write(LEGAL, `${c.read(LEGAL)}\n<iframe></iframe>\n`);
    expect(c.problems()).toHaveLength(3);
  });
});

describe('the pictures of content/art', () => {
  /** A picture of one colour, as the check reads a picture's kind and size alone; `sideways` stored turned a quarter (EXIF orientation 6), with the camera's make in its EXIF. */
  const plain = (width: number, height: number, { format = 'jpeg', sideways = false }: { format?: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'; sideways?: boolean } = {}) =>
    sharp({ create: { width: sideways ? height : width, height: sideways ? width : height, channels: 3, background: '#c0873f' } })
      .withMetadata({ orientation: sideways ? 6 : 1 })
      .withExif({ IFD0: { Make: 'Phone' } })
      .toFormat(format, format === 'avif' ? { effort: 0 } : {})
      .toBuffer();
  const svg = (inside: string, attributes = '') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"${attributes}>${inside}</svg>`);
  const category = pictureNeed('category');
  const hero = pictureNeed('hero');
  const refused = (what: string) => `content/art/x.svg holds ${what}, which a picture may not hold: export it as a plain SVG drawing (shapes, text and colours, nothing from outside the file)`;

  it.each<[string, string, () => Promise<Buffer> | Buffer | undefined, PictureSlot, string | RegExp | undefined]>([
    ['a photo of the size a category needs', 'x.jpg', () => plain(category.width, category.height), 'category', undefined],
    ['a photo of another shape, larger: cropped at the build, not refused', 'x.jpg', () => plain(category.height * 2, category.height * 2), 'category', undefined],
    ['a photo named .jpeg', 'x.jpeg', () => plain(category.width, category.height), 'category', undefined],
    ['a PNG', 'x.png', () => plain(category.width, category.height, { format: 'png' }), 'category', undefined],
    ['a WebP', 'x.webp', () => plain(category.width, category.height, { format: 'webp' }), 'category', undefined],
    ['an AVIF', 'x.avif', () => plain(category.width, category.height, { format: 'avif' }), 'category', undefined],
    ['a photo too small', 'x.jpg', () => plain(800, 533), 'category', `content/art/x.jpg is 800 × 533: a category picture needs at least ${category.width} × ${category.height}`],
    ['a photo wide enough but too short', 'x.jpg', () => plain(category.width * 2, category.height - 1), 'category', `content/art/x.jpg is ${category.width * 2} × ${category.height - 1}: a category picture needs at least ${category.width} × ${category.height}`],
    ['a photo stored sideways, upright too narrow', 'x.jpg', () => plain(category.height, category.width, { sideways: true }), 'category', `content/art/x.jpg is ${category.height} × ${category.width}: a category picture needs at least ${category.width} × ${category.height}`],
    ['a photo stored sideways, upright large enough', 'x.jpg', () => plain(category.width, category.height, { sideways: true }), 'category', undefined],
    ['a home page photo too small', 'x.jpg', () => plain(category.width, category.height), 'hero', `content/art/x.jpg is ${category.width} × ${category.height}: the home page picture needs at least ${hero.width} × ${hero.height}`],
    ['a file that is no picture', 'x.jpg', () => Buffer.from('not a picture'), 'category', `content/art/x.jpg is not a picture that can be read (${ART_EXTENSIONS.join(', ')})`],
    ['a PNG named .jpg', 'x.jpg', () => plain(category.width, category.height, { format: 'png' }), 'category', 'content/art/x.jpg is a PNG picture named .jpg: give it the extension of its kind'],
    ['a GIF, of a kind not taken', 'x.jpg', () => plain(category.width, category.height, { format: 'gif' }), 'category', 'content/art/x.jpg is a GIF picture: content/art takes JPEG, PNG, WebP, AVIF, SVG'],
    ['a missing picture', 'x.jpg', () => undefined, 'category', 'content/art/x.jpg is missing: choose another picture for this field, or upload it under Media'],
    ['an SVG of the slot’s size, with references inside itself and a drawing program’s layer names', 'x.svg', () => svg('<defs><linearGradient id="g"/></defs><use href="#r" xlink:href="#r"/><g data-name="Layer 1"><rect id="r" fill="url(#g)" style="stroke: url(\'#g\')"/></g><style>rect { fill: rgb(1 2 3) }</style>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'), 'category', undefined],
    ['an SVG of another size', 'x.svg', () => Buffer.from(svg('').toString().replace('width="480"', 'width="400"')), 'category', 'content/art/x.svg is 400 × 320, not the 480 × 320 it is shown at'],
    ['an SVG that is not well-formed', 'x.svg', () => svg('<rect>'), 'category', /^content\/art\/x\.svg is not an SVG that can be read: line 1, .*closing tag/],
    ['an SVG with a script', 'x.svg', () => svg('<script>alert(1)</script>'), 'category', refused('<script>')],
    ['an SVG with an event attribute', 'x.svg', () => svg('<rect onclick="alert(1)"/>'), 'category', refused('the attribute onclick on <rect>')],
    ['an SVG with a foreignObject', 'x.svg', () => svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"/></foreignObject>'), 'category', refused('<foreignObject>')],
    ['an SVG with a link', 'x.svg', () => svg('<a href="#r"><rect/></a>'), 'category', refused('<a>')],
    ['an SVG with an href outside itself', 'x.svg', () => svg('<use href="https://example.org/x.svg#r"/>'), 'category', refused('href="https://example.org/x.svg#r" on <use>')],
    ['an SVG with an xlink:href outside itself', 'x.svg', () => svg('<use xlink:href="x.svg#r"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'), 'category', refused('xlink:href="x.svg#r" on <use>')],
    ['an SVG with a url() outside itself', 'x.svg', () => svg('<rect fill="url(https://example.org/x.svg#g)"/>'), 'category', refused('url(https://example.org/x.svg#g) in fill on <rect>')],
    ['an SVG with a url() outside itself, written as a character reference', 'x.svg', () => svg('<rect fill="&#117;rl(x.svg#g)"/>'), 'category', refused('url(x.svg#g) in fill on <rect>')],
    ['an SVG with a url() outside itself in its style', 'x.svg', () => svg('<style><![CDATA[rect { fill: url(x.png) }]]></style>'), 'category', refused('url(x.png) in <style>')],
    ['an SVG with @import', 'x.svg', () => svg('<style>@import "x.css";</style>'), 'category', refused('@import in <style>')],
    ['an SVG with image-set()', 'x.svg', () => svg('<rect style="fill: image-set(\'x.png\' 1x)"/>'), 'category', refused('image-set() in style on <rect>')],
    ['an SVG with an escape in CSS', 'x.svg', () => svg('<rect style="fill: u\\72l(x.png)"/>'), 'category', refused('a backslash in style on <rect>')],
    ['an SVG with a DOCTYPE', 'x.svg', () => Buffer.concat([Buffer.from('<!DOCTYPE svg [<!ENTITY e "x">]>'), svg('<text>&e;</text>')]), 'category', refused('a DOCTYPE')],
    ['an SVG with a style sheet outside it', 'x.svg', () => Buffer.concat([Buffer.from('<?xml-stylesheet href="x.css"?>'), svg('')]), 'category', refused('<?xml-stylesheet?> outside its <svg>')],
    ['an SVG with another namespace', 'x.svg', () => svg('', ' xmlns:xlink="http://example.org/"'), 'category', refused('xmlns:xlink="http://example.org/" on <svg>')],
  ])('%s', async (_case, name, bytes, slot, expected) => {
    const given = await bytes();
    const problem = pictureProblem(name, new Map(given ? [[name, new Uint8Array(given)]] : []), slot);
    if (expected instanceof RegExp) expect(problem).toMatch(expected);
    else expect(problem).toBe(expected);
  });

  it('says of a photo that carries metadata, or is larger than a master need be, and does not stop the build', async () => {
    const c = diskCopy();
    const file = valueOf(c.read(CATEGORY), 'file')[2]!;
    c.edit(CATEGORY, /^(\s+file: ).+$/m, '$1phone.jpg');
    const taken = { width: MASTER_LIMITS.longSide + 40, height: Math.ceil(((MASTER_LIMITS.longSide + 40) * 2) / 3) };
    // Bytes after the picture's end make a file larger than a master may be.
    const bytes = Buffer.concat([await plain(taken.width, taken.height), Buffer.alloc(MASTER_LIMITS.bytes)]);
    writeFileSync(join(c.art, 'phone.jpg'), bytes);
    rmSync(join(c.art, file));
    const megabytes = (count: number) => `${(count / 1024 / 1024).toFixed(1)} MB`;
    const { problems, notices } = await checkSite(readContent(c.root), defaultSite, readArt(c.root));
    expect(problems).toEqual([]);
    expect(notices.filter((line) => line.startsWith('content/art/'))).toEqual([
      "content/art/phone.jpg: carries metadata (EXIF: the camera, often where and when it was taken): the site's copies leave it out, but the file in the repository keeps it",
      `content/art/phone.jpg: is ${taken.width} × ${taken.height}, more than the ${MASTER_LIMITS.longSide} pixels on its long side a picture needs: a smaller copy keeps the repository light`,
      `content/art/phone.jpg: is ${megabytes(bytes.length)}, more than the ${megabytes(MASTER_LIMITS.bytes)} a picture may be`,
    ]);
  });

  it('stops on a photo cut short whose header still reads (a push or an upload broken off), naming it as the build would', async () => {
    const c = diskCopy();
    c.edit(CATEGORY, /^(\s+file: ).+$/m, '$1cut.jpg');
    const { width, height } = pictureNeed('category');
    const whole = await plain(width, height);
    writeFileSync(join(c.art, 'cut.jpg'), whole.subarray(0, Math.floor(whole.length * 0.6)));
    const checked = readContent(c.root);
    expect(checked.problems).toEqual([]);
    const { problems, filled } = await checkSite(checked, defaultSite, readArt(c.root));
    expect(problems).toEqual([expect.stringMatching(/^content\/art\/cut\.jpg: cannot be read to the end \(.+\): upload it again$/)]);
    expect(filled).toBeUndefined();
  });

  it('names a picture nothing shows, and does not stop the build', async () => {
    const c = contentCopy();
    c.art.set('left-over.svg', c.art.get(valueOf(c.read(CATEGORY), 'file')[2]!)!);
    const { problems, notices } = c.checked();
    expect(problems).toEqual([]);
    expect(notices.filter((line) => line.startsWith('content/art/'))).toEqual(['content/art/left-over.svg: nothing shows it: choose it for a page, or delete it (in the editor, under Media)']);
  });
});

describe('what a change brings (shared/site-check.ts problemsBrought): what refuses a write', () => {
  const line = (path: string, row: number, rest: string) => `${path}:${row}:3: ${rest}`;
  it.each<[string, string[], string[], string[]]>([
    ['nothing before, a problem after', [], [line('a.yaml', 2, 'title: is empty')], [line('a.yaml', 2, 'title: is empty')]],
    ['a problem before, the same after', [line('a.yaml', 2, 'title: is empty')], [line('a.yaml', 2, 'title: is empty')], []],
    ['the same problem moved by an edit above it', [line('a.yaml', 2, 'title: is empty')], [line('a.yaml', 9, 'title: is empty')], []],
    ['another field of the same file', [line('a.yaml', 2, 'title: is empty')], [line('a.yaml', 2, 'title: is empty'), line('a.yaml', 5, 'intro: is empty')], [line('a.yaml', 5, 'intro: is empty')]],
    ['the same words in another file', [line('a.yaml', 2, 'title: is empty')], [line('b.yaml', 2, 'title: is empty')], [line('b.yaml', 2, 'title: is empty')]],
    ['a line without a place', ['content/words/legal: the Legal page needs at least one document'], ['content/words/legal: the Legal page needs at least one document'], []],
  ])('%s', (_case, before, after, brought) => {
    expect(problemsBrought(before, after)).toEqual(brought);
  });
});

describe('Markdown in the pages', () => {
  const html = (markdown: string) =>
    renderToString(createElement(InWriting, { writing: { direction: 'ltr', script: 'Latn' } }, createElement(Markdown, { blocks: markdownBlocks(markdown, () => expect.fail('no problem expected')), publicUrl: defaultSite.publicUrl })));

  it('keeps a soft line break between two emphasised words a space, and a hard one a line break', () => {
    expect(html('*one*\n*two*')).toBe('<p><em>one</em>\n<em>two</em></p>');
    expect(html('*one*  \n*two*')).toBe('<p><em>one</em><br/><em>two</em></p>');
  });
});

describe('the bundles (npm run build, which npm test runs first)', () => {
  // Strings only the YAML parser, the Markdown parser and the content schemas hold.
  const PARSERS = { yaml: 'MULTILINE_IMPLICIT_KEY', markdown: 'codeFencedFenceSequence', schema: 'is not lowercase letters', schemaLine: 'yaml-language-server' };
  const dist = join(import.meta.dirname, '..', 'dist');

  const browser = () =>
    readdirSync(join(dist, 'client', 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(dist, 'client', 'assets', file), 'utf8'))
      .join('\n');

  it.each([
    ['the server', serverBundle],
    ['the browser', browser],
  ])('give %s no parser or schema of the content', (_name, read) => {
    const code = read();
    for (const [what, marker] of Object.entries(PARSERS)) expect(code.includes(marker), what).toBe(false);
  });

  it('carry the words to the server, which fills them; the browser gets its few words with the page', () => {
    expect(serverBundle()).toContain(JSON.stringify(labelsForTest.hours.openNow));
    expect(browser()).not.toContain(JSON.stringify(labelsForTest.hours.openNow));
  });
});

describe('the product’s code', () => {
  it('holds no words: every word a visitor or an editor reads comes from a content file', () => {
    const files = PRODUCT_FOLDERS.flatMap((folder) => readdirSync(join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx')).map((file) => join(folder, file)));
    expect(files.length).toBeGreaterThan(20);
    const words: string[] = [];
    const wordy = String.raw`"((?:[^"\\\n]|\\.)*[A-Za-z](?:[^"\\\n]|\\.)*)"`;
    for (const file of files) {
      // As React's JSX runtime calls, types and comments gone: a text between tags is a string of `children`, alone or on
      // its own line in their list (a tag's name follows the call's open parenthesis); an attribute a reader meets, a string of its own.
      const { code } = transformSync(readFileSync(join(REPO_ROOT, file), 'utf8'), { loader: 'tsx', jsx: 'automatic' });
      for (const [, text] of code.matchAll(new RegExp(`(?:\\bchildren: |[^(]\\n\\s*)${wordy}(?=,?\\n|\\s*[,}])`, 'g'))) words.push(`${file}: ${text}`);
      for (const [, text] of code.matchAll(new RegExp(`(?:"aria-label"|\\balt|\\btitle|\\bplaceholder): ${wordy}`, 'g'))) words.push(`${file}: ${text}`);
    }
    expect(words).toEqual([]);
  });
});

describe('the JSON Schemas editors check against', () => {
  it('are those the zod schemas and the editor’s English give today (npm run schemas writes them)', () => {
    const schemas = Object.entries(jsonSchemas(readEditorWordsFolder()[ORIGINAL_WORDS]!)) as Array<[CollectionKey, string]>;
    for (const [key, text] of schemas) {
      expect(readFileSync(join(REPO_ROOT, jsonSchemaPath(key)), 'utf8'), `${jsonSchemaPath(key)} is out of date: run npm run schemas`).toBe(text);
    }
    expect(readdirSync(join(REPO_ROOT, 'content', 'schemas')).map((file) => `content/schemas/${file}`).sort()).toEqual(schemas.map(([key]) => jsonSchemaPath(key)).sort());
  });

  it('are named by the first line of every content file, in the form the YAML language server reads', () => {
    // The loader refuses a file without it (above); here, that the line names a schema that exists.
    for (const file of [`home.${D}.yaml`, CATEGORY, LEGAL]) {
      const line = readFileSync(join(REPO_ROOT, W, file), 'utf8').split('\n').find((text) => text.startsWith('# yaml-language-server: $schema='))!;
      const schema = join(REPO_ROOT, W, file, '..', line.slice('# yaml-language-server: $schema='.length));
      expect(JSON.parse(readFileSync(schema, 'utf8')).type).toBe('object');
    }
  });
});

describe('npm run build with broken content', () => {
  it('stops with exit code 1 before building, one line per problem and no stack trace, and annotates each on GitHub Actions', () => {
    const sandbox = copyProject();
    const file = join(sandbox.root, W, CATEGORY);
    try {
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^subtitle:/m, 'colour:'));
      const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build/build.ts'], { cwd: sandbox.root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, GITHUB_ACTIONS: '' } });
      expect(build.stderr.split('\n').filter(Boolean)).toEqual([
        `${W}/${CATEGORY}:2:1: subtitle: is missing`,
        expect.stringMatching(new RegExp(`^${W}/${CATEGORY}:\\d+:1: colour: is not a field of this entry \\(a typo\\?\\)$`)),
        'Build stopped: 2 content problems (npm run check says the same).',
      ]);
      expect(build.status).toBe(1);
      expect(build.stdout).not.toContain('Built');

      expect(build.stdout).not.toContain('::error');

      // On GitHub Actions the same lines annotate each problem at its file, line and column.
      const problems = build.stderr.split('\n').filter(Boolean).slice(0, -1);
      const [printed, said] = [vi.spyOn(console, 'log').mockImplementation(() => {}), vi.spyOn(console, 'error').mockImplementation(() => {})];
      reportProblems(problems, { GITHUB_ACTIONS: 'true' });
      expect(said.mock.calls.map(([line]) => line)).toEqual(problems);
      expect(printed.mock.calls.map(([line]) => line)).toEqual([
        `::error file=${W}/${CATEGORY},line=2,col=1,title=Content check::subtitle: is missing`,
        expect.stringMatching(new RegExp(`^::error file=${W}/${CATEGORY},line=\\d+,col=1,title=Content check::colour: is not a field of this entry \\(a typo\\?\\)$`)),
      ]);
    } finally {
      sandbox.remove();
    }
    // A process that loads the content: a hang detector, not a speed check.
  }, 120_000);
});
