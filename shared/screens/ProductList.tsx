import type { PageContext } from './context.ts';
import { Picture } from '../ui/Picture.tsx';

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
              <a href={parent.path}>{parent.title}</a>
            </li>
            <li>
              <a href={ctx.route.path} aria-current="page">
                {category.title}
              </a>
            </li>
          </ol>
        </nav>
      ) : null}
      <header className="page-header page-header--with-art">
        <div>
          <h1>{category.title}</h1>
          <p className="lead">{category.intro}</p>
        </div>
        <Picture ctx={ctx} place="header" image={category.image} first />
      </header>
      <div className="heading-grid">
        {category.headings.map((group) => (
          <section key={group.heading} className="heading-group">
            <h2>{group.heading}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
