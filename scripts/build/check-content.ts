/**
 * The content check, whole: each file's own checks (content/load.ts), then,
 * on the content filled with the site's settings, those that need the route
 * table (shared/site-check.ts: addresses, share images). `npm run build` and
 * `npm run dev` run it before anything else and stop on any problem, one
 * line each, `file:line:column: field: problem`. `npm run check` runs it
 * alone; on GitHub Actions each problem is also an annotation on its line.
 * It also says, without stopping, what is not translated, each translation
 * behind its original (content/keep-up.ts: file, field, what changed) and
 * pictures nothing shows.
 */
import { fileURLToPath } from 'node:url';
import { picturesShown } from '../../content/art.ts';
import { checkContent, ContentError, type Checked } from '../../content/load.ts';
import { keepUpLines, translationStates } from '../../content/keep-up.ts';
import { gitVersions, readArt, readSources, REPO_ROOT } from '../../content/read.ts';
import { readSiteOrExit } from '../../server/config.ts';
import { checkSite as checkWith, type SiteCheck } from '../../shared/site-check.ts';
import type { SiteConfig } from '../../shared/site.ts';
import { masterNotices, readProblem } from './pictures.ts';
import { shareImageFit } from './share-images.ts';

/**
 * The whole check (shared/site-check.ts) with the share images measured as the
 * build draws them; with `art`, the bytes of the content's pictures, every
 * photo shown decoded whole as the build will (a problem if it cannot be),
 * and what its photos carry or weigh beyond a master's need, as notices
 * (scripts/build/pictures.ts).
 */
export async function checkSite(checked: Checked, site: SiteConfig, art?: ReadonlyMap<string, Uint8Array>): Promise<SiteCheck> {
  const check = await checkWith(checked, site, shareImageFit);
  if (!checked.content || !art) return check;
  const shown = picturesShown(checked.content.editions);
  const files = [...new Set(shown.map((use) => use.file))].filter((file) => art.has(file));
  const unreadable = (await Promise.all(files.map((file) => readProblem(file, art.get(file)!)))).filter((problem) => problem !== undefined);
  const notices = [...check.notices, ...(await masterNotices(shown, art))];
  return unreadable.length > 0 ? { problems: [...check.problems, ...unreadable], notices } : { ...check, notices };
}

/**
 * The whole check of the project's own content, as this process has it
 * (content/index.ts reads it once per process and hands the same data to
 * every module that imports it).
 */
export async function checkOwnContent(site: SiteConfig): Promise<SiteCheck> {
  try {
    const { siteContent, locate, notices, links } = await import('../../content/index.ts');
    return await checkSite({ content: siteContent, locate, problems: [], notices, links }, site, readArt());
  } catch (error) {
    if (error instanceof ContentError) return { problems: [...error.problems], notices: [] };
    throw error;
  }
}

/**
 * A problem as GitHub Actions' workflow command, which annotates the file's
 * line in a pull request (https://docs.github.com/actions/reference/workflow-commands-for-github-actions#setting-an-error-message).
 */
export function annotation(problem: string): string {
  const match = /^([^:]+):(\d+):(\d+): (.*)$/s.exec(problem);
  const escape = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  if (!match) return `::error title=Content check::${escape(problem)}`;
  const [, file, line, col, message] = match;
  return `::error file=${file},line=${line},col=${col},title=Content check::${escape(message!)}`;
}

/** Prints the problems on stderr, and as annotations where GitHub Actions runs. */
export function reportProblems(problems: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  for (const line of problems) console.error(line);
  if (env.GITHUB_ACTIONS === 'true') for (const line of problems) console.log(annotation(line));
}

/** What is not translated, and so not in a language (content/load.ts), translations behind, and photos heavier than they need be: said, never a stop. */
export function reportNotices(notices: readonly string[]): void {
  for (const line of notices) console.log(line);
}

/** Each translation under `root` behind its original, or not recorded, at its field: one line each (content/keep-up.ts); none while the content has problems. */
export async function keepUpNotices(root = REPO_ROOT): Promise<string[]> {
  const { files, art } = readSources(root);
  const { content, locate } = checkContent({ files, art });
  return content ? keepUpLines(await translationStates(files, gitVersions(root)), locate, content.languages[0]!) : [];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { problems, notices } = await checkOwnContent(readSiteOrExit(process.env));
  reportNotices(problems.length === 0 ? [...notices, ...(await keepUpNotices())] : notices);
  reportProblems(problems);
  if (problems.length === 0) console.log('The content check found nothing wrong.');
  process.exit(problems.length > 0 ? 1 : 0);
}
