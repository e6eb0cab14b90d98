import type { PageContext } from './context.ts';
import { Picture } from '../ui/Picture.tsx';
import { Words } from '../ui/Words.tsx';

export function ProductList({ ctx }: { ctx: PageContext }) {
  const category = ctx.route.category;
  if (!category) throw new Error(`The route ${ctx.route.path} shows a product list but has no category`);
  const parent = ctx.routes.find((route) => route.path === ctx.route.parent);
  return (
    <div className="page">
      {parent ? (
        <nav className="breadcrumb" aria-label={ctx.content.labels.breadcrumb}>
          <ol>
            <li>
              <a href={parent.path}>
                <Words text={parent.title} />
              </a>
            </li>
            <li>
              <a href={ctx.route.path} aria-current="page">
                <Words text={category.title} />
              </a>
            </li>
          </ol>
        </nav>
      ) : null}
      <header className="page-header page-header--with-art">
        <div>
          <h1>
            <Words text={category.title} />
          </h1>
          <p className="lead">
            <Words text={category.intro} />
          </p>
        </div>
        <Picture ctx={ctx} place="header" image={category.image} first />
      </header>
      <div className="heading-grid">
        {category.headings.map((group) => (
          <section key={group.heading} className="heading-group">
            <h2>
              <Words text={group.heading} />
            </h2>
            <ul>
              {group.items.map((item) => (
                <li key={item}>
                  <Words text={item} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
