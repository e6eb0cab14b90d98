import { productCategories } from '../content/products.ts';
import type { PageContext } from './context.ts';
import { CategoryArt } from '../ui/CategoryArt.tsx';
import { ReadMoreLink } from '../ui/ReadMoreLink.tsx';

export function Products({ ctx }: { ctx: PageContext }) {
  return (
    <div className="page page--light">
      <header className="page-header">
        <h1>{ctx.route.title}</h1>
        <p className="lead">{ctx.route.description}</p>
      </header>
      <ul className="card-grid">
        {productCategories.map((category, index) => {
          const href = productPath(ctx, category.slug);
          return (
            <li key={category.slug} className="card">
              <CategoryArt category={category} asset={ctx.asset} className="card__art" largestPaint={index === 0} />
              <div className="card__body">
                <h2 className="card__title">{category.title}</h2>
                <p className="card__subtitle">{category.subtitle}</p>
                <p className="card__text">{category.description}</p>
                <ReadMoreLink className="button button--small" href={href} label="Read More" topic={category.title} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The product page's address, looked up in the route table rather than spelled again. */
function productPath(ctx: PageContext, slug: string): string {
  const route = ctx.routes.find((candidate) => candidate.productSlug === slug);
  if (!route) throw new Error(`No route for product category "${slug}"`);
  return route.path;
}
