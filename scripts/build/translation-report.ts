/**
 * `npm run translations`: per language, what is missing (an original
 * without its translation), what is behind its original (each field that
 * changed, with what the original said and says) and what is not recorded
 * (content/keep-up.ts). Never a stop: exit code 0.
 *
 * `npm run translations -- --record <file>…`: each named translation
 * records its original's version as it is now, for a translation brought up
 * to date outside the editor (the editor records it when the translation is
 * saved there).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blobId, translationStates, withRecord, type TranslationState } from '../../content/keep-up.ts';
import { fieldName } from '../../content/load.ts';
import { gitVersions, readSources, REPO_ROOT } from '../../content/read.ts';
import { COLLECTIONS } from '../../content/schema.ts';

/** The report's lines, a heading per language. */
export function report(states: readonly TranslationState[]): string[] {
  const languages = [...new Map(states.map((state) => [state.language.code, state.language])).values()];
  return languages.flatMap((language) => {
    const mine = states.filter((state) => state.language.code === language.code);
    const of = (state: TranslationState['standing']['state']) => mine.filter((one) => one.standing.state === state);
    const upToDate = of('up to date').length;
    return [
      `${language.name} (${language.code}): ${upToDate} of ${mine.length} up to date`,
      ...of('missing').map((state) => `  missing: ${state.path} (${state.original} has no translation)`),
      ...of('behind').flatMap(({ path, original, standing }) => {
        if (standing.state !== 'behind') return [];
        if (!standing.changes) return [`  behind: ${path}: ${original} changed since ${standing.since.slice(0, 7)} (its earlier text is not in git's history here)`];
        return [`  behind: ${path}:`, ...standing.changes.map((change) => `    ${fieldName(change.field)}: "${change.was}" → "${change.now}"`)];
      }),
      ...of('not recorded').map((state) => `  not recorded: ${state.path}`),
    ];
  });
}

/** Each named translation recording its original's version as it is now; a line for a file that is not a translation. */
export async function record(paths: readonly string[], root = REPO_ROOT): Promise<string[]> {
  const { files } = readSources(root);
  const states = await translationStates(files, async () => undefined);
  const problems: string[] = [];
  for (const path of paths) {
    const state = states.find((candidate) => candidate.path === path);
    const text = files.find((file) => file.path === path)?.text;
    if (!state || text === undefined) {
      problems.push(`${path}: not a translation of content/words that is there (name it as npm run translations lists it)`);
      continue;
    }
    const original = files.find((file) => file.path === state.original)!.text;
    writeFileSync(join(root, path), withRecord(text, await blobId(original), COLLECTIONS[state.ref.collection].format === 'markdown'));
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--record') {
    const problems = await record(args.slice(1));
    for (const line of problems) console.error(line);
    process.exit(problems.length > 0 ? 1 : 0);
  }
  for (const line of report(await translationStates(readSources().files, gitVersions()))) console.log(line);
}
