/**
 * A "Read more" link that keeps the spec's visible words while its name says
 * where it goes ("READ MORE about us"). The destination is real text, visually
 * hidden, not an aria-label: crawlers and Lighthouse read link text, and the
 * visible label stays part of the accessible name (WCAG 2.5.3).
 */
export function ReadMoreLink({ href, label, destination, className }: { href: string; label: string; destination: string; className: string }) {
  return (
    <a className={className} href={href}>
      <span className="read-more__label">{label}</span>
      <span className="visually-hidden"> {destination}</span>
    </a>
  );
}
