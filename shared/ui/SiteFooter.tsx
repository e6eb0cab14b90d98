import type { Hours, Labels } from '../../content/schema.ts';
import { hoursText, type LocalHoursInput } from '../hours.ts';
import type { Chrome } from '../routes.ts';
import type { SiteConfig } from '../site.ts';

export function ContactBlock({ site, hours, labels, hourLabels, locale }: { site: SiteConfig; hours: Hours; labels: Labels['footer']; hourLabels: Labels['hours']; locale: string }) {
  const text = hoursText(hours, hourLabels, locale);
  const local: LocalHoursInput = { hours, labels: hourLabels, locale };
  return (
    <section className="contact-block" aria-labelledby="footer-heading">
      <div className="contact-block__inner">
        <h2 id="footer-heading" className="visually-hidden">
          {labels.heading}
        </h2>
        <section className="contact-block__col">
          <h3>{labels.hours}</h3>
          <p>
            {text.days}
            <br />
            {text.hours}
          </p>
          {/* The same hours in the visitor's time zone, filled by client/local-hours.ts from what this attribute holds; not shown without a script. */}
          <p className="local-hours" data-local-hours={JSON.stringify(local)} />
          <p className="muted">{hours.closed}</p>
        </section>
        <section className="contact-block__col">
          <h3>{labels.contact}</h3>
          <ul className="plain-list">
            <li>
              {labels.generalInquiries} <a href={`mailto:${site.generalEmail}`} dir="ltr">{site.generalEmail}</a>
            </li>
            <li>
              {labels.sales} <a href={`mailto:${site.salesEmail}`} dir="ltr">{site.salesEmail}</a>
            </li>
          </ul>
        </section>
        <section className="contact-block__col">
          <h3>{labels.follow}</h3>
          <p>
            <a href={site.linkedInUrl} rel="noopener noreferrer">
              {labels.linkedIn}
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
      <p>{labels.copyright}</p>
      <a href={legalHref}>{labels.legal}</a>
    </div>
  );
}
