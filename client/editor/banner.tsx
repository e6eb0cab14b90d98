/**
 * What the content check says about the repository, at the foot of every
 * screen of the editor: once signed in and after each save, the problems the
 * build would stop on, each with a link that opens its entry to fix it; and,
 * when a save is refused, its lines until the next one goes through. So a
 * file broken elsewhere (by hand, in the git host's web editor) is named as
 * soon as the editor opens, and the owner can open it and fix it here: in
 * its form, or as its text when its form cannot show it as written. The
 * same place says when signing in failed, when GitHub stopped accepting
 * the sign-in and a save was not made, and when a save was not made as it
 * would have undone a change saved since its entry was opened. Its words are
 * the owner's language's where we have it (locale.ts), laid out in that
 * language's direction.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { TEXT_FIELD } from '../../content/editor-config.ts';
import { LastRound } from '../../content/last-round.ts';
import { entryOf, type SourceFile } from '../../content/load.ts';
import { collectionName } from '../../content/schema.ts';
import { formatter } from './formats.ts';
import { filled, notices, words, wordsLanguage } from './locale.ts';
import { repositoryContent, repositoryEvents, repositoryOpened, repositoryProblems, SignInRejected } from './repository.ts';
import { setup } from './setup.ts';

type Report =
  | { kind: 'checking' }
  | { kind: 'repository'; problems: string[]; asText: ReadonlySet<string> }
  | { kind: 'refused'; problems: string[]; asText: ReadonlySet<string> }
  | { kind: 'changedElsewhere'; files: string[] }
  | { kind: 'unreadable'; why: string }
  | { kind: 'signInFailed'; why: string }
  | { kind: 'signedOut' };

/**
 * The editor's address of the entry a problem line names ("content/words/categories/<id>.en.yaml:5:11: …"), if it
 * names one: its form, or the file as text (textLink) when its form cannot show it as written (`asText`).
 * Decap's /edit/ address, which leads to the entry's through a redirect, so the entry open before is closed
 * first: Decap 3.19 fails when it goes straight from an entry in one language (languages.yaml, a file as text)
 * to one in several with the preview shown ("reading 'toUpperCase'": its language menu keeps the first's none;
 * no upstream issue open: decision 0006, "To file").
 */
export function entryLink(line: string, asText: ReadonlySet<string> = new Set()): { href: string; asText: boolean } | undefined {
  const path = line.split(':', 1)[0]!;
  const entry = entryOf(path);
  if (!entry) return undefined;
  const text = asText.has(path) ? textLink(path) : undefined;
  if (text) return { href: text, asText: true };
  return { href: `#/edit/${collectionName(entry.collection)}/${entry.collection === entry.id ? collectionName(entry.collection) : entry.id}`, asText: false };
}

/** The address of a file of content/words opened as its text (through /edit/, as entryLink's): its folder's text collection, the entry named as the file is (about.en). */
export function textLink(path: string): string | undefined {
  const folder = path.slice(0, path.lastIndexOf('/'));
  const collection = setup.textCollections.find((candidate) => candidate.folder === folder && path.endsWith(`.${candidate.extension}`));
  return collection && `#/edit/${collection.name}/${path.slice(folder.length + 1, -`.${collection.extension}`.length)}`;
}

/** The files of the repository whose form cannot show them as written: they open as text. */
async function filesAsText(): Promise<Set<string>> {
  return opensAsText((await repositoryContent())?.files ?? []);
}

/** Whether each file opens as text, by path and text, kept for the next call (content/last-round.ts): the banner asks after each save. */
const asText = new LastRound<boolean>();

/** The files among these whose form cannot show them as written, each file read again only when its text is not the last call's. */
export function opensAsText(files: readonly SourceFile[]): Set<string> {
  const listed = files.filter(({ path, text }) =>
    asText.answer(JSON.stringify([path, text]), () => {
      const key = entryOf(path)?.collection;
      const format = setup.formats.find((candidate) => candidate.name === setup.collections.find((collection) => collection.key === key)?.format);
      return format !== undefined && formatter(format).fromFile(text)[TEXT_FIELD] !== undefined;
    }),
  );
  asText.end();
  return new Set(listed.map(({ path }) => path));
}

function Banner() {
  const [report, setReport] = useState<Report | undefined>();
  useEffect(() => {
    // Each event makes a new report; a check that ends after a later event (a refusal of the next upload
    // while the last save's check still reads the repository) is stale, and would hide that refusal.
    let latest = 0;
    const show = (next: Report | undefined) => {
      latest++;
      setReport(next);
    };
    const check = () => {
      show({ kind: 'checking' });
      const asked = latest;
      const answer = (next: Report | undefined) => asked === latest && setReport(next);
      Promise.all([repositoryProblems(), filesAsText()]).then(
        ([problems, asText]) => answer(problems && { kind: 'repository', problems, asText }),
        (error: unknown) => answer(error instanceof SignInRejected ? { kind: 'signedOut' } : { kind: 'unreadable', why: error instanceof Error ? error.message : String(error) }),
      );
    };
    const refused = (event: Event) => {
      const problems = (event as CustomEvent<string[]>).detail;
      show({ kind: 'refused', problems, asText: new Set() });
      const asked = latest;
      // Which of the files named open as text: the repository's as read, which a refused save left as it was.
      filesAsText().then(
        (asText) => asked === latest && setReport({ kind: 'refused', problems, asText }),
        () => undefined,
      );
    };
    const changedElsewhere = (event: Event) => show({ kind: 'changedElsewhere', files: (event as CustomEvent<string[]>).detail });
    const signInFailed = (event: Event) => show({ kind: 'signInFailed', why: (event as CustomEvent<string>).detail });
    const signedOut = () => show({ kind: 'signedOut' });
    repositoryEvents.addEventListener('opened', check);
    repositoryEvents.addEventListener('saved', check);
    repositoryEvents.addEventListener('refused', refused);
    repositoryEvents.addEventListener('changedElsewhere', changedElsewhere);
    repositoryEvents.addEventListener('signInFailed', signInFailed);
    repositoryEvents.addEventListener('signedOut', signedOut);
    // Signed in before this was drawn (a session Decap restored): the event has gone by.
    if (repositoryOpened()) check();
    return () => {
      repositoryEvents.removeEventListener('opened', check);
      repositoryEvents.removeEventListener('saved', check);
      repositoryEvents.removeEventListener('refused', refused);
      repositoryEvents.removeEventListener('changedElsewhere', changedElsewhere);
      repositoryEvents.removeEventListener('signInFailed', signInFailed);
      repositoryEvents.removeEventListener('signedOut', signedOut);
    };
  }, []);

  if (!report || (report.kind === 'repository' && report.problems.length === 0)) return null;
  if (report.kind === 'checking') return null;
  const heading = {
    refused: notices.refused,
    changedElsewhere: notices.changedElsewhere,
    repository: notices.problems,
    unreadable: filled(notices.unreadable, { why: report.kind === 'unreadable' ? report.why : '' }),
    signInFailed: notices.signInFailed,
    signedOut: notices.signedOut,
  }[report.kind];
  const problems = report.kind === 'refused' || report.kind === 'repository' ? report.problems : report.kind === 'changedElsewhere' ? report.files : [];
  const asText = report.kind === 'refused' || report.kind === 'repository' ? report.asText : undefined;
  const aboutSignIn = report.kind === 'signInFailed' || report.kind === 'signedOut';
  return (
    <section className="content-check" role="alert" aria-label={aboutSignIn ? notices.signInLabel : notices.checkLabel} lang={wordsLanguage} dir={words.direction}>
      <p className="content-check__heading">{heading}</p>
      {report.kind === 'signInFailed' && report.why ? <p>{filled(notices.signInSaid, { why: report.why })}</p> : null}
      <ul>
        {problems.map((line) => {
          const link = entryLink(line, asText);
          return (
            <li key={line}>
              {/* A line of the check is a path and English words: read left to right whatever the notice's language. */}
              <code lang="en" dir="ltr">
                {line}
              </code>{' '}
              {link ? <a href={link.href}>{link.asText ? notices.openAsText : notices.open}</a> : null}
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => setReport(undefined)}>
        {notices.hide}
      </button>
    </section>
  );
}

/** The banner, in an element of its own after Decap's root. */
export function showBanner(): void {
  const element = document.createElement('div');
  document.body.append(element);
  createRoot(element).render(<Banner />);
}
