import type { Content, Labels } from '../../content/schema.ts';
import { hoursText } from '../hours.ts';
import type { Chrome } from '../routes.ts';
import { hoursTextInput, localHoursInput, sayParts } from '../sentences.ts';
import type { SiteConfig } from '../site.ts';
import { Sentence } from './Sentence.tsx';
import { Words } from './Words.tsx';

export function ContactBlock({ site, content }: { site: SiteConfig; content: Content }) {
  const { hours, labels } = content;
  const text = hoursText(hours, hoursTextInput(content));
  const mail = (address: string) => (
    <a href={`mailto:${address}`} dir="ltr">
      {address}
    </a>
  );
  return (
    <section className="contact-block" aria-labelledby="footer-heading">
      <div className="contact-block__inner">
        <h2 id="footer-heading" className="visually-hidden">
          <Words text={labels.footer.heading} />
        </h2>
        <section className="contact-block__col">
          <h3>
            <Words text={labels.footer.hours} />
          </h3>
          <p>
            <Words text={text.days} />
            <br />
            <Words text={text.hours} />
          </p>
          {/* The same hours in the visitor's time zone, filled by client/local-hours.ts from what this attribute holds; not shown without a script. */}
          <p className="local-hours" data-local-hours={JSON.stringify(localHoursInput(content))} />
          <p className="muted">
            <Words text={hours.closed} />
          </p>
        </section>
        <section className="contact-block__col">
          <h3>
            <Words text={labels.footer.contact} />
          </h3>
          <ul className="plain-list">
            <li>
              <Sentence parts={sayParts(content, 'generalInquiries', { email: mail(site.generalEmail) })} />
            </li>
            <li>
              <Sentence parts={sayParts(content, 'sales', { email: mail(site.salesEmail) })} />
            </li>
          </ul>
        </section>
        <section className="contact-block__col">
          <h3>
            <Words text={labels.footer.follow} />
          </h3>
          <p>
            <a href={site.linkedInUrl} rel="noopener noreferrer">
              <Words text={labels.footer.linkedIn} />
            </a>
          </p>
        </section>
      </div>
    </section>
  );
}

export function BottomStrip({ labels, chrome, legalHref }: { labels: Labels['footer']; chrome: Chrome; legalHref: string }) {
  return (
    <div className={`bottom-strip bottom-strip--${chrome}`}>
      <p>
        <Words text={labels.copyright} />
      </p>
      <a href={legalHref}>
        <Words text={labels.legal} />
      </a>
    </div>
  );
}
