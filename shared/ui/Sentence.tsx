import { Fragment, type ReactNode } from 'react';

/** A template's parts as one run of a page: its words, and the elements (a link) in their slots (shared/sentences.ts, sayParts). */
export function Sentence({ parts }: { parts: ReadonlyArray<string | ReactNode> }) {
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
