/**
 * Every edit docs/editing.md describes, made in a copy of the content as shipped (so the edits can name its words), built
 * as the build does (siteAt), checked by invariants.ts and seen where a visitor sees it; one build, one case per edit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { pictureNeed, pictureWidths, PICTURE_SLOTS } from '../content/art.ts';
import { PLACES } from '../shared/ui/Picture.tsx';
import { contentCopy, photo, SHIPPED_ROOT, siteAt, type SiteUnderTest } from './helpers.ts';
import { everythingHolds, structuredDataHolds } from './invariants.ts';

type Copy = ReturnType<typeof contentCopy>;

interface Edit {
  name: string;
  /** The edit, as docs/editing.md describes it, made in the copy's files. */
  make: (copy: Copy) => void | Promise<void>;
  /** What a visitor sees of it. */
  shows: (site: SiteUnderTest) => Promise<void>;
}

const get = async ({ app }: SiteUnderTest, path: string) => parse((await request(app).get(path).expect(200)).text);
const mainText = async (site: SiteUnderTest, path: string) => (await get(site, path)).querySelector('main')!.text.replace(/\s+/g, ' ');
const hrefsIn = async (site: SiteUnderTest, path: string) => (await get(site, path)).querySelectorAll('main a').map((link) => link.getAttribute('href'));

/** A link of every kind the content check allows but #fragments (an owner sees no element ids): mailto:, a page of ours, a legal document's, https: and http:. */
const LINKS = {
  mail: 'mailto:{generalEmail}',
  page: '/about',
  tab: '/legal/disclaimer',
  https: 'https://ico.org.uk/for-the-public/',
  http: 'http://example.org/suppliers',
};

/** A phone's photo, upright, larger than a category needs and of another shape (4:3, where a category's is 3:2). */
const PHOTO = (() => {
  const need = pictureNeed('category');
  const width = Math.max(need.width, Math.ceil((need.height * 4) / 3)) + 88;
  return { width, height: (width * 3) / 4 };
})();

const NEW_SENTENCE = 'Every request follows the same five steps: from the buyer’s Letter of Intent to the three offers you receive.';

const EDITS: Edit[] = [
  {
    name: 'a sentence of the About page changed, holding a colon and a space, so in double quotes',
    make: (copy) => copy.edit('about.en.yaml', '- Every request follows the same process, from the buyer’s Letter of Intent to three offers.', `- "${NEW_SENTENCE}"`),
    shows: async (site) => {
      const text = await mainText(site, '/about');
      expect(text).toContain(NEW_SENTENCE);
      expect(text).not.toContain('the same process');
    },
  },
  {
    name: 'a list item of a category changed, one added and one removed',
    make: (copy) => {
      copy.edit('categories/textiles.en.yaml', '      - Denim\n', '      - Selvedge denim\n      - Organic cotton canvas\n');
      copy.edit('categories/textiles.en.yaml', '      - Wool suiting\n', '');
    },
    shows: async (site) => {
      const items = (await get(site, '/products/textiles')).querySelectorAll('main li').map((item) => item.text.trim());
      expect(items).toEqual(expect.arrayContaining(['Selvedge denim', 'Organic cotton canvas']));
      expect(items).not.toContain('Denim');
      expect(items).not.toContain('Wool suiting');
    },
  },
  {
    name: 'links of every kind in a legal document, in a paragraph and in a list',
    make: (copy) =>
      copy.write(
        'legal/privacy.en.md',
        `${copy.read('legal/privacy.en.md')}
Questions? [Write to us](${LINKS.mail}), read [how we work](${LINKS.page}) and our [disclaimer](${LINKS.tab}), or see [the regulator’s guidance](${LINKS.https}).

- [Our suppliers’ own policies](${LINKS.http})
`,
      ),
    shows: async (site) => {
      expect(await hrefsIn(site, '/legal/privacy')).toEqual(expect.arrayContaining([`mailto:${site.site.generalEmail}`, LINKS.page, LINKS.tab, LINKS.https, LINKS.http]));
      expect(await mainText(site, '/legal/privacy')).toContain('Questions? Write to us, read how we work and our disclaimer, or see the regulator’s guidance.');
    },
  },
  {
    name: 'new hours: Monday to Saturday, 8:00 to 17:30',
    make: (copy) =>
      copy.write(
        'hours.en.yaml',
        copy
          .read('hours.en.yaml')
          .replace(/^days: .+$/m, 'days: [Monday, Tuesday, Wednesday, Thursday, Friday, Saturday]')
          .replace(/^opens: .+$/m, 'opens: "08:00"')
          .replace(/^closes: .+$/m, 'closes: "17:30"')
          .replace(/^closed: .+$/m, 'closed: Closed on Sundays and public holidays'),
      ),
    shows: async (site) => {
      const footer = (await get(site, '/about')).querySelector('.contact-block')!.text;
      expect(footer).toContain('Monday to Saturday');
      expect(footer).toContain('8:00 am to 5:30 pm GMT');
      expect(footer).toContain('Closed on Sundays and public holidays');
      expect(await structuredDataHolds(site, '/about')).toMatchObject({
        openingHoursSpecification: [{ dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '08:00:00+00:00', closes: '17:30:00+00:00' }],
      });
    },
  },
  {
    name: 'a sixth category, with its picture',
    make: (copy) => {
      const { width, height } = PICTURE_SLOTS.category;
      writeFileSync(
        join(copy.art, 'medical-supplies.svg'),
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" rx="16" fill="#e8e1d1"/><path d="M210 110h60v50h50v60h-50v50h-60v-50h-50v-60h50z" fill="#c0873f"/></svg>\n`,
      );
      copy.write(
        'categories/medical-supplies.en.yaml',
        `# yaml-language-server: $schema=../../schemas/categories.json
order: 6
slug: medical-supplies
title: Medical Supplies
subtitle: Consumables and equipment for clinics
description: Gloves, dressings, diagnostics and the equipment clinics and laboratories use every day.
intro: We source medical consumables and equipment for clinics, laboratories and care homes, and compare offers on certification, shelf life and lead time.
image:
  file: medical-supplies.svg
  alt: Illustration of a cross on a parcel
headings:
  - heading: Consumables
    items:
      - Examination gloves
      - Wound dressings
  - heading: Equipment
    items:
      - Patient monitors
`,
      );
      copy.publish('/products/medical-supplies');
    },
    shows: async (site) => {
      const cards = (await get(site, '/products')).querySelectorAll('.card h2').map((title) => title.text);
      expect(cards).toHaveLength(6);
      expect(cards.at(-1)).toBe('Medical Supplies');
      expect((await get(site, '/products/medical-supplies')).querySelector('h1')?.text).toBe('Medical Supplies');
      expect(await mainText(site, '/about')).toMatch(/six categories: .+ and Medical Supplies\./);
    },
  },
  {
    name: 'a category’s picture changed to a phone’s photo: another shape, stored sideways, with where it was taken',
    make: async (copy) => {
      writeFileSync(join(copy.art, 'textiles-loom.jpg'), await photo(PHOTO.width, PHOTO.height, { sideways: true }));
      copy.edit('categories/textiles.en.yaml', /^(\s+file: ).+$/m, '$1textiles-loom.jpg');
    },
    shows: async (site) => {
      const route = site.routes.find((candidate) => candidate.category?.image.file === 'textiles-loom.jpg')!;
      const photoIn = async (path: string) => (await get(site, path)).querySelectorAll('picture').find((picture) => picture.querySelector('img')?.getAttribute('alt') === route.category!.image.alt)!;
      // On its page: AVIF, then WebP, then a JPEG, each at the slot's widths, asked for first.
      const picture = await photoIn(route.path);
      const img = picture.querySelector('img')!;
      expect(picture.querySelectorAll('source').map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
      expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('fetchpriority')]).toEqual([String(PICTURE_SLOTS.category.width), String(PICTURE_SLOTS.category.height), 'high']);
      for (const [candidate, format] of [...picture.querySelectorAll('source').map((source, index) => [source, ['heif', 'webp'][index]!] as const), [img, 'jpeg'] as const]) {
        expect(candidate.getAttribute('sizes')).toBe(PLACES.header.sizes);
        const files = candidate.getAttribute('srcset')!.split(', ').map((entry) => entry.split(' ') as [string, string]);
        expect(files.map(([, width]) => width)).toEqual(pictureWidths('category').map((width) => `${width}w`));
        for (const [url, width] of files) {
          const body = (await request(site.app).get(url).expect(200)).body as Buffer;
          const made = await sharp(body).metadata();
          // Its own width, in the slot's shape, upright (the photo's top half red, bottom half blue) and with nothing of the camera's.
          expect([made.format, `${made.width}w`, made.height]).toEqual([format, width, Math.round((made.width * PICTURE_SLOTS.category.height) / PICTURE_SLOTS.category.width)]);
          expect([made.orientation, made.exif, made.xmp, made.iptc]).toEqual([undefined, undefined, undefined, undefined]);
          const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
          const red = (y: number) => data[y * info.width * info.channels + Math.floor(info.width / 2) * info.channels]! > 120;
          expect([red(Math.floor(info.height * 0.1)), red(Math.floor(info.height * 0.9))]).toEqual([true, false]);
        }
      }
      // On Our Products, its card's picture, for the card's width.
      expect((await photoIn('/products')).querySelector('img')!.getAttribute('sizes')).toBe(PLACES.card.sizes);
      // Its share image is a JPEG, as its page says.
      const head = await get(site, route.path);
      const share = head.querySelector('meta[property="og:image"]')!.getAttribute('content')!;
      expect(head.querySelector('meta[property="og:image:type"]')!.getAttribute('content')).toBe('image/jpeg');
      expect((await request(site.app).get(new URL(share).pathname).expect(200)).headers['content-type']).toBe('image/jpeg');
    },
  },
  {
    name: 'a new page in the menu, with headings, a list, emphasis and links of every kind (one whose words are its address)',
    make: (copy) => {
      copy.write(
        'pages/questions.en.md',
        `---
# yaml-language-server: $schema=../../schemas/pages.json
path: /questions
title: Questions
description: What buyers ask us most often about sourcing, offers and confidentiality.
menuLabel: Questions
---

Buyers ask us these *most often*. Write to us at [{generalEmail}](${LINKS.mail}) for anything else.

## Who sees my request?

Suppliers see **our** company name, not yours: see [how we work](${LINKS.page}) and our [disclaimer](${LINKS.tab}). What we source is listed at [/products](/products).

## Where can I read more?

- [The regulator’s guidance](${LINKS.https})
- [Our suppliers’ own policies](${LINKS.http})
`,
      );
      copy.publish('/questions');
    },
    shows: async (site) => {
      const menu = (await get(site, '/home')).querySelectorAll('#site-menu nav a').map((link) => [link.getAttribute('href'), link.text.trim()]);
      expect(menu).toContainEqual(['/questions', 'Questions']);
      expect(await hrefsIn(site, '/questions')).toEqual([`mailto:${site.site.generalEmail}`, LINKS.page, LINKS.tab, '/products', LINKS.https, LINKS.http]);
    },
  },
  {
    name: 'a category’s address changed by hand, its old address redirected to the new one',
    make: (copy) => {
      copy.edit('categories/energy-and-fuel.en.yaml', 'slug: energy-and-fuel', 'slug: energy');
      copy.redirect([['/products/energy-and-fuel', '/products/energy']]);
      copy.edit('redirects.yaml', '  - /products/energy-and-fuel\n', '  - /products/energy\n  - /products/energy-and-fuel\n');
    },
    shows: async (site) => {
      for (const { prefix } of site.editions) {
        const res = await request(site.app).get(`${prefix}/products/energy-and-fuel`);
        expect([res.status, res.headers.location]).toEqual([301, `${prefix}/products/energy`]);
      }
      expect(await hrefsIn(site, '/products')).toContain('/products/energy');
    },
  },
];

describe('the edits the owners make as docs/editing.md describes them, all in one copy', () => {
  // One copy and one build for every edit, as an owner's edits add up in the repository: each case looks where a visitor sees its own.
  const copy = contentCopy(SHIPPED_ROOT);
  let site: Awaited<ReturnType<typeof siteAt>>;
  beforeAll(async () => {
    for (const { make } of EDITS) await make(copy);
    site = await siteAt(copy.root);
  });
  afterAll(() => {
    site?.remove();
    copy.remove();
  });

  it('pass every check that holds whatever the words say', () => everythingHolds(site));
  it.each(EDITS.map((edit) => [edit.name, edit] as const))('%s: the edit shows', (_name, { shows }) => shows(site));
});
