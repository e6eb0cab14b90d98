import type { TextSection } from '../../content/schema.ts';
import { Words } from './Words.tsx';

/** Paragraphs and an optional list: the body of a text section, without its heading. */
export function SectionBody({ section }: { section: Pick<TextSection, 'paragraphs' | 'list'> }) {
  return (
    <>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>
          <Words text={paragraph} />
        </p>
      ))}
      {section.list ? (
        <ul>
          {section.list.map((item) => (
            <li key={item}>
              <Words text={item} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
