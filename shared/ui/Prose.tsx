import type { TextSection } from '../../content/schema.ts';

/** Paragraphs and an optional list: the body of a text section, without its heading. */
export function SectionBody({ section }: { section: Pick<TextSection, 'paragraphs' | 'list'> }) {
  return (
    <>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.list ? (
        <ul>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
