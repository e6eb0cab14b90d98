/**
 * The content check: `npm run build` and `npm run dev` run it before anything
 * else, and stop on any problem with one line each, `file:line:column: field:
 * problem`. The files, their schemas and the art are checked as they are read
 * (scripts/content/load.ts); here, in addition, what needs the route table:
 * every title and line fits its share image. Run alone:
 * `npx tsx scripts/check-content.ts`.
 */
import { fileURLToPath } from 'node:url';
import { readContent, type ContentDirs } from './content/load.ts';

export async function contentProblems(dirs?: ContentDirs): Promise<string[]> {
  const { content, problems, at } = readContent(dirs);
  if (!content) return problems;
  // Only now: the route table and the share images need whole content.
  const [{ siteRoutes }, { shareImage }, { shareImageFit }] = await Promise.all([import('../shared/routes.ts'), import('../server/render/metadata.ts'), import('./share-images.ts')]);
  for (const route of siteRoutes(content)) {
    const image = shareImage(route, content);
    const misfit = shareImageFit(image);
    if (misfit === 'title') problems.push(at(route.words, ['title'], `"${image.title}" is too long for its share image (shorten it)`));
    if (misfit === 'line') {
      problems.push(route.category ? at(route.category, ['subtitle'], `"${image.line}" is too long for its share image (shorten it)`) : at(content.home, ['shareLine'], `"${image.line}" is too long for the share images (shorten it)`));
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = await contentProblems();
  for (const line of problems) console.error(line);
  process.exit(problems.length > 0 ? 1 : 0);
}
