import type { Labels } from '../../content/schema.ts';

export interface ErrorDetails {
  /**
   * What went wrong, in the page's language (a request refused: labels.badRequest), or an exception's
   * own message, in the developers' words, outside production only. Without it, labels.errorDescription.
   */
  message?: string;
  /** Present only when the server is allowed to show it (never in production). */
  stack?: string;
}

export function ErrorScreen({ error, labels, homeHref }: { error: ErrorDetails; labels: Labels; homeHref: string }) {
  return (
    <div className="page error-screen">
      <h1>{labels.errorHeading}</h1>
      <p className="error-screen__message">{error.message ?? labels.errorDescription}</p>
      {error.stack ? <pre className="error-screen__stack">{error.stack}</pre> : null}
      <p>
        <a className="button" href={homeHref}>
          {labels.errorHomeLink}
        </a>
      </p>
    </div>
  );
}
