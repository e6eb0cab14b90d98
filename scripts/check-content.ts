/**
 * The content check: `npm run build` and `npm run dev` run it before anything
 * else, and stop on any problem with one line each naming the file, the entry
 * and the field. The shapes are the zod schemas of shared/content/schema.ts;
 * what they cannot see is checked here: the illustrations (read with
 * image-size), titles that do not fit their share image, and the route
 * table's own words. Run alone: `npx tsx scripts/check-content.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageSize } from 'image-size';
import type { z } from 'zod';
import { aboutContent } from '../shared/content/about.ts';
import { homeContent } from '../shared/content/home.ts';
import { legalDocuments } from '../shared/content/legal.ts';
import { productCategories } from '../shared/content/products.ts';
import * as schema from '../shared/content/schema.ts';
import { defaultSite } from '../shared/site.ts';
import { ART_SIZE } from '../shared/ui/CategoryArt.tsx';
import { ConfigError, readConfig } from '../server/config.ts';

/** The content as its modules export it, unchecked: tests pass broken copies. */
export interface ContentInput {
  productCategories: unknown;
  /** The legal texts and the About copy with the default company facts filled in. */
  legalDocuments: unknown;
  aboutContent: unknown;
  homeContent: unknown;
  /** The bytes of a file of client/assets/art, or undefined when there is none. */
  readArt: (file: string) => Uint8Array | undefined;
}

/** Where each piece is written, for the messages. */
const FILES = {
  products: 'shared/content/products.ts',
  legal: 'shared/content/legal.ts',
  about: 'shared/content/about.ts',
  home: 'shared/content/home.ts',
  routes: 'shared/routes.ts',
  site: 'shared/site.ts',
};

export async function checkContent(input: ContentInput): Promise<string[]> {
  const products = parse(schema.productCategories, input.productCategories, { file: FILES.products, name: 'productCategories', key: 'slug' });
  const legal = parse(schema.legalDocuments, input.legalDocuments, { file: FILES.legal, name: 'legalDocuments', key: 'id' });
  const about = parse(schema.aboutContent, input.aboutContent, { file: FILES.about, name: 'aboutContent' });
  const home = parse(schema.homeContent, input.homeContent, { file: FILES.home, name: 'homeContent' });
  const problems = [products, legal, about, home].flatMap((result) => result.problems);
  // Every whole category's illustration, even when another category has a mistake.
  const categories = Array.isArray(input.productCategories) ? input.productCategories : [];
  for (const entry of categories) {
    const category = schema.productCategory.safeParse(entry);
    if (category.success) problems.push(...artProblems(category.data, input.readArt));
  }
  problems.push(...siteDefaultProblems());
  if (problems.length > 0 || !products.data || !home.data) return problems;
  // Only now: the route table derives copy from the categories, which must be whole first.
  return routeProblems(products.data, home.data);
}

/** The site's own content, read from the files of a checkout. */
export function contentProblems(root = join(import.meta.dirname, '..')): Promise<string[]> {
  return checkContent({
    productCategories,
    legalDocuments: legalDocuments(defaultSite),
    aboutContent: Array.isArray(productCategories) ? aboutContent(defaultSite, productCategories.filter((category) => typeof category?.title === 'string')) : undefined,
    homeContent,
    readArt: (file) => {
      try {
        return readFileSync(join(root, 'client', 'assets', 'art', file));
      } catch {
        return undefined;
      }
    },
  });
}

/**
 * One line per issue: "file: entry: field: problem". An entry of a list is
 * named by its key (a category's slug) or its position; a problem with a
 * whole list or object names no field.
 */
function parse<T>(type: z.ZodType<T>, data: unknown, where: { file: string; name: string; key?: string }): { data?: T; problems: string[] } {
  const result = type.safeParse(data, { error: messageFor });
  if (result.success) return { data: result.data, problems: [] };
  return {
    problems: result.error.issues.flatMap((issue) => {
      const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
      return unknownKeys.map((unknownKey) => {
        const path = unknownKey === undefined ? issue.path : [...issue.path, unknownKey];
        const [index, ...rest] = where.key !== undefined && typeof path[0] === 'number' ? path : [undefined, ...path];
        const entry = typeof index === 'number' ? entryName(data, index, where.key!) : where.name;
        const field = rest.map((part, at) => (typeof part === 'number' ? `[${part}]` : `${at ? '.' : ''}${String(part)}`)).join('');
        return `${where.file}: ${entry}: ${field ? `${field}: ` : ''}${unknownKey === undefined ? issue.message : 'is not a field of this entry'}`;
      });
    }),
  };
}

/** Words for the kinds of mistake a content edit makes; a schema's own message wins over these. */
function messageFor(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is missing' : `should be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}, not ${JSON.stringify(issue.input)}`;
    case 'too_small':
      return issue.origin === 'string' ? 'is empty' : `needs at least ${issue.minimum}`;
    case 'invalid_format':
      return issue.format === 'date' ? `${JSON.stringify(issue.input)} is not a date written YYYY-MM-DD` : undefined;
    default:
      return undefined;
  }
}

/** An entry of a list by its key ("textiles"), or by its position when it has none ("entry 3"). */
function entryName(list: unknown, index: number, key: string): string {
  const value = Array.isArray(list) ? (list[index] as Record<string, unknown> | undefined)?.[key] : undefined;
  return typeof value === 'string' && value ? value : `entry ${index + 1}`;
}

function artProblems(category: schema.ProductCategory, readArt: ContentInput['readArt']): string[] {
  const problem = (text: string) => [`${FILES.products}: ${category.slug}: image.file: ${text}`];
  const file = `client/assets/art/${category.image.file}`;
  const bytes = readArt(category.image.file);
  if (!bytes) return problem(`${file} is missing`);
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return problem(`${file} is not an image image-size can read`);
  }
  if (size.width === ART_SIZE.width && size.height === ART_SIZE.height) return [];
  return problem(`${file} is ${size.width ?? '?'} × ${size.height ?? '?'}, not the ${ART_SIZE.width} × ${ART_SIZE.height} it is shown at`);
}

/** The contact placeholders pass the checks every deployment's settings pass. */
function siteDefaultProblems(): string[] {
  try {
    readConfig({});
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [`${FILES.site}: defaultSite: the default of ${error.variable}: ${JSON.stringify(error.value)} is not ${error.accepted}`];
  }
}

/** Each page of the table has its words, one address, and a title and line that fit its share image. */
async function routeProblems(categories: schema.ProductCategory[], home: schema.HomeContent): Promise<string[]> {
  const { siteRoutes } = await import('../shared/routes.ts');
  const { shareImage } = await import('../shared/metadata.ts');
  const { shareImageFit } = await import('./share-images.ts');
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of siteRoutes(categories)) {
    const where = route.category ? `${FILES.products}: ${route.category.slug}` : `${FILES.routes}: ${route.path}`;
    if (seen.has(route.path)) problems.push(`${where}: path: ${route.path} is the address of another page`);
    seen.add(route.path);
    for (const field of ['title', 'description', 'menuLabel'] as const) {
      if (route[field]?.trim() === '') problems.push(`${where}: ${field}: is empty`);
    }
    const image = shareImage(route);
    const misfit = shareImageFit(image);
    if (misfit === 'title') problems.push(`${where}: title: "${image.title}" is too long for its share image (shorten it)`);
    if (misfit === 'line') {
      problems.push(route.category ? `${where}: subtitle: "${image.line}" is too long for its share image (shorten it)` : `${FILES.home}: homeContent: shareLine: "${home.shareLine}" is too long for the share images (shorten it)`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = await contentProblems();
  for (const line of problems) console.error(line);
  process.exit(problems.length > 0 ? 1 : 0);
}
