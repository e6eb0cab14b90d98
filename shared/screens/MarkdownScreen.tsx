import { Markdown } from '../ui/Markdown.tsx';
import { Words } from '../ui/Words.tsx';
import type { PageContext } from './context.ts';

/** A page written in Markdown (content/words/pages): its title, then its text. */
export function MarkdownScreen({ ctx }: { ctx: PageContext }) {
  const page = ctx.route.page;
  if (!page) throw new Error(`The route ${ctx.route.path} shows a Markdown page but has none`);
  return (
    <div className="page">
      <header className="page-header">
        <h1>
          <Words text={page.title} />
        </h1>
      </header>
      <div className="prose">
        <Markdown blocks={page.body} publicUrl={ctx.site.publicUrl} />
      </div>
    </div>
  );
}
