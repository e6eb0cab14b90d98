import { businessHours, copyrightYear, type SiteConfig } from '../site.ts';
import type { Chrome } from '../routes.ts';

export function ContactBlock({ site }: { site: SiteConfig }) {
  return (
    <section className="contact-block" aria-labelledby="footer-heading">
      <div className="contact-block__inner">
        <h2 id="footer-heading" className="visually-hidden">
          Contact and business hours
        </h2>
        <section className="contact-block__col">
          <h3>Business hours</h3>
          <p>
            {businessHours.days}
            <br />
            {businessHours.hours}
          </p>
          {/* The same hours in the visitor's time zone, filled by client/local-hours.ts; not shown without a script. */}
          <p className="local-hours" data-local-hours="" />
          <p className="muted">{businessHours.closed}</p>
        </section>
        <section className="contact-block__col">
          <h3>Contact</h3>
          <ul className="plain-list">
            <li>
              General inquiries: <a href={`mailto:${site.generalEmail}`}>{site.generalEmail}</a>
            </li>
            <li>
              Sales: <a href={`mailto:${site.salesEmail}`}>{site.salesEmail}</a>
            </li>
          </ul>
        </section>
        <section className="contact-block__col">
          <h3>Follow us</h3>
          <p>
            <a href={site.linkedInUrl} rel="noopener noreferrer">
              {site.brandName} on LinkedIn
            </a>
          </p>
        </section>
      </div>
    </section>
  );
}

export function BottomStrip({ site, chrome, legalHref }: { site: SiteConfig; chrome: Chrome; legalHref: string }) {
  return (
    <div className={`bottom-strip bottom-strip--${chrome}`}>
      <p>
        © {copyrightYear} {site.brandName}
      </p>
      <a href={legalHref}>Legal</a>
    </div>
  );
}
