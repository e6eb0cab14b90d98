import { ABOUT_PATH, addressIn } from '../paths.ts';
import { Picture } from '../ui/Picture.tsx';
import { ReadMoreLink, visibleLabel } from '../ui/ReadMoreLink.tsx';
import { sayParts } from '../sentences.ts';
import { Words } from '../ui/Words.tsx';
import type { PageContext } from './context.ts';

export function Home({ ctx }: { ctx: PageContext }) {
  const home = ctx.content.home;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <h1 id="hero-title" className="hero__title">
          <Words text={home.tagline} />
        </h1>
        <p className="hero__lead">
          <Words text={home.lead} />
        </p>
        <ReadMoreLink className="button" href={addressIn(ctx.routes, ctx.prefix, ABOUT_PATH)} name={sayParts(ctx.content, 'linkName', { label: visibleLabel(home.cta), destination: home.ctaDestination })} />
      </div>
      <Picture ctx={ctx} place="hero" image={home.image} first />
    </section>
  );
}
