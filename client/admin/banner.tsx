/**
 * What the content check says about the repository, at the foot of every
 * screen of the editor: once signed in and after each save, the problems the
 * build would stop on, each with a link that opens its entry to fix it; and,
 * when a save is refused, its lines until the next one goes through. So a
 * file broken elsewhere (by hand, in the git host's web editor) is named as
 * soon as the editor opens, and the owner can open it and fix it here.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { entryOf } from '../../content/load.ts';
import { collectionName } from '../../content/schema.ts';
import { repositoryEvents, repositoryOpened, repositoryProblems } from './repository.ts';

type Report = { kind: 'checking' } | { kind: 'repository'; problems: string[] } | { kind: 'refused'; problems: string[] } | { kind: 'unreadable'; why: string };

/** The editor's address of the entry a problem line names ("content/words/categories/x.yaml:5:11: …"), if it names one. */
export function entryLink(line: string): string | undefined {
  const entry = entryOf(line.split(':', 1)[0]!);
  if (!entry) return undefined;
  return `#/collections/${collectionName(entry.collection)}/entries/${entry.collection === entry.id ? collectionName(entry.collection) : entry.id}`;
}

function Banner() {
  const [report, setReport] = useState<Report | undefined>();
  useEffect(() => {
    const check = () => {
      setReport({ kind: 'checking' });
      repositoryProblems().then(
        (problems) => setReport(problems && { kind: 'repository', problems }),
        (error: unknown) => setReport({ kind: 'unreadable', why: error instanceof Error ? error.message : String(error) }),
      );
    };
    const refused = (event: Event) => setReport({ kind: 'refused', problems: (event as CustomEvent<string[]>).detail });
    repositoryEvents.addEventListener('opened', check);
    repositoryEvents.addEventListener('saved', check);
    repositoryEvents.addEventListener('refused', refused);
    // Signed in before this was drawn (a session Decap restored): the event has gone by.
    if (repositoryOpened()) check();
    return () => {
      repositoryEvents.removeEventListener('opened', check);
      repositoryEvents.removeEventListener('saved', check);
      repositoryEvents.removeEventListener('refused', refused);
    };
  }, []);

  if (!report || (report.kind === 'repository' && report.problems.length === 0)) return null;
  if (report.kind === 'checking') return null;
  const heading =
    report.kind === 'refused'
      ? 'Not saved: the site would refuse this change. Fix these and save again.'
      : report.kind === 'unreadable'
        ? `The content could not be read to check it: ${report.why}`
        : 'The content has problems: the site will not be built until they are fixed. Open each entry to fix it.';
  const problems = report.kind === 'unreadable' ? [] : report.problems;
  return (
    <section className="content-check" role="alert" aria-label="Content check">
      <p className="content-check__heading">{heading}</p>
      <ul>
        {problems.map((line) => {
          const link = entryLink(line);
          return (
            <li key={line}>
              <code>{line}</code> {link ? <a href={link}>Open</a> : null}
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => setReport(undefined)}>
        Hide
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
