import { createContext, useContext, type ReactNode } from 'react';
import { isolates, type Writing } from '../writing.ts';

/** The direction and script of the page's language (languages.yaml): Page sets it, and client/hydrate-islands.tsx from the page's root. */
const PageWriting = createContext<Writing | undefined>(undefined);

export function InWriting({ writing, children }: { writing: Writing; children?: ReactNode }) {
  return <PageWriting value={writing}>{children}</PageWriting>;
}

/**
 * Words of the content as the page shows them: in right-to-left text each run
 * of another script (a product code, a standard, an address, a filled setting,
 * a number with its unit: shared/writing.ts) in a <bdi>, which lays it out in
 * its first strong letter's direction apart from the words around it.
 */
export function Words({ text }: { text: string }) {
  const writing = useContext(PageWriting);
  if (!writing) throw new Error(`Words "${text}" drawn outside a page's writing (InWriting)`);
  return isolates(text, writing).map((piece, index) => (typeof piece === 'string' ? piece : <bdi key={index}>{piece.isolated}</bdi>));
}
