/**
 * The content check (shared/content/check.ts) against the files of a
 * checkout: `npm run build` and the dev server call it; run on its own with
 * `npx tsx scripts/check-content.ts` (exit code 1 on any problem).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContent } from '../shared/content/check.ts';
import { legalDocuments } from '../shared/content/legal.ts';
import { productCategories } from '../shared/content/products.ts';
import { defaultSite } from '../shared/site.ts';

export function contentProblems(root = join(import.meta.dirname, '..')): string[] {
  const readAsset = (name: string) => {
    try {
      return readFileSync(join(root, 'client', 'assets', name), 'utf8');
    } catch {
      return undefined;
    }
  };
  return checkContent({ products: productCategories, legal: legalDocuments(defaultSite), site: defaultSite, readAsset });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = contentProblems();
  for (const line of problems) console.error(line);
  process.exit(problems.length > 0 ? 1 : 0);
}
