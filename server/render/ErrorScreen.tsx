import type { Labels } from '../../content/schema.ts';
import { HOME_PATH } from '../../shared/paths.ts';

export interface ErrorDetails {
  /** The error's message, or the status text for errors that are not exceptions. */
  message: string;
  /** Present only when the server is allowed to show it (never in production). */
  stack?: string;
}

export function ErrorScreen({ error, labels }: { error: ErrorDetails; labels: Labels }) {
  return (
    <div className="page error-screen">
      <h1>{labels.errorHeading}</h1>
      <p className="error-screen__message">{error.message}</p>
      {error.stack ? <pre className="error-screen__stack">{error.stack}</pre> : null}
      <p>
        <a className="button" href={HOME_PATH}>
          {labels.errorHomeLink}
        </a>
      </p>
    </div>
  );
}
