import { homeContent } from '../content/home.ts';
import { ABOUT_PATH } from '../paths.ts';
import { ReadMoreLink } from '../ui/ReadMoreLink.tsx';
import type { PageContext } from './context.ts';

export function Home({ ctx }: { ctx: PageContext }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <h1 id="hero-title" className="hero__title">
          {homeContent.tagline}
        </h1>
        <p className="hero__lead">{homeContent.lead}</p>
        <ReadMoreLink className="button" href={ABOUT_PATH} label={homeContent.cta} topic="us" />
      </div>
      <img
        className="hero__art"
        src={ctx.asset('art/hero.svg')}
        width={640}
        height={480}
        alt={homeContent.heroAlt}
        fetchPriority="high"
      />
    </section>
  );
}
