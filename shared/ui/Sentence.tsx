import { Fragment, type ReactNode } from 'react';
import { Words } from './Words.tsx';

/** A template's parts as one run of a page: its words (as Words shows them), and the elements (a link) in their slots (shared/sentences.ts, sayParts). */
export function Sentence({ parts }: { parts: ReadonlyArray<string | ReactNode> }) {
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{typeof part === 'string' ? <Words text={part} /> : part}</Fragment>
      ))}
    </>
  );
}
