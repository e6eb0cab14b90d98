import { Fragment, type ReactElement } from 'react';
import { Words } from './Words.tsx';

/**
 * A "Read more" link that keeps the spec's visible words while its name says
 * where it goes ("READ MORE about us"). The name is a template of the
 * language's (readMore, linkName: shared/sentences.ts sayParts) whose
 * {label} slot is the visible words, wherever the language puts them; the
 * rest is real text, visually hidden, not an aria-label: crawlers and
 * Lighthouse read link text, and the visible label stays part of the
 * accessible name (WCAG 2.5.3).
 */
export function ReadMoreLink({ href, name, className }: { href: string; name: ReadonlyArray<string | ReactElement>; className: string }) {
  return (
    <a className={className} href={href}>
      {name.map((part, index) =>
        typeof part === 'string' ? (
          <span key={index} className="visually-hidden">
            <Words text={part} />
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </a>
  );
}

/** The visible words of a ReadMoreLink, as the value of its template's {label} slot. */
export function visibleLabel(label: string): ReactElement {
  return (
    <span className="read-more__label">
      <Words text={label} />
    </span>
  );
}
