import { SectionBody } from '../ui/Prose.tsx';
import { Words } from '../ui/Words.tsx';
import type { PageContext } from './context.ts';

export function About({ ctx }: { ctx: PageContext }) {
  // The route exists only where the language has the page (shared/routes.ts).
  const about = ctx.content.about!;
  return (
    <div className="page page--light">
      <section className="section" aria-labelledby="about-us">
        <h1 id="about-us">
          <Words text={about.aboutUs.heading} />
        </h1>
        <p className="lead">
          <Words text={about.lead} />
        </p>
        <div className="prose">
          <SectionBody section={about.aboutUs} />
        </div>
        <h2 className="steps__heading">
          <Words text={about.process.heading} />
        </h2>
        <ol className="steps">
          {about.process.steps.map((step) => (
            <li key={step.title} className="steps__item">
              <h3>
                <Words text={step.title} />
              </h3>
              <p>
                <Words text={step.text} />
              </p>
            </li>
          ))}
        </ol>
      </section>
      <section className="section" aria-labelledby="values">
        <h2 id="values">
          <Words text={about.values.heading} />
        </h2>
        <div className="prose">
          <SectionBody section={about.values} />
        </div>
        <ul className="value-grid">
          {about.values.items.map((value) => (
            <li key={value.title} className="value">
              <h3>
                <Words text={value.title} />
              </h3>
              <p>
                <Words text={value.text} />
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="what-we-provide">
        <h2 id="what-we-provide">
          <Words text={about.whatWeProvide.heading} />
        </h2>
        <div className="prose">
          <SectionBody section={about.whatWeProvide} />
        </div>
      </section>
    </div>
  );
}
