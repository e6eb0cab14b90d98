import type { PageContext } from './context.ts';
import { Picture } from '../ui/Picture.tsx';
import { ReadMoreLink, visibleLabel } from '../ui/ReadMoreLink.tsx';
import { sayParts } from '../sentences.ts';
import { Words } from '../ui/Words.tsx';

export function Products({ ctx }: { ctx: PageContext }) {
  return (
    <div className="page page--light">
      <header className="page-header">
        <h1>
          <Words text={ctx.route.title} />
        </h1>
        <p className="lead">
          <Words text={ctx.route.description} />
        </p>
      </header>
      <ul className="card-grid">
        {categoryPages(ctx).map(({ path, category }, index) => (
          <li key={category.slug} className="card">
            <Picture ctx={ctx} place="card" image={category.image} first={index === 0} />
            {/* On paper the card ends with its page's address, which the button cannot give (client/styles.css). */}
            <div className="card__body" data-address={ctx.site.publicUrl + path}>
              <h2 className="card__title">
                <Words text={category.title} />
              </h2>
              <p className="card__subtitle">
                <Words text={category.subtitle} />
              </p>
              <p className="card__text">
                <Words text={category.description} />
              </p>
              <ReadMoreLink className="button button--small" href={path} name={sayParts(ctx.content, 'readMore', { label: visibleLabel(ctx.content.products!.readMore), title: category.title })} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The pages under this one that show a category, in the table's order. */
function categoryPages(ctx: PageContext) {
  return ctx.routes.flatMap((route) => (route.parent === ctx.route.path && route.category ? [{ path: route.path, category: route.category }] : []));
}
