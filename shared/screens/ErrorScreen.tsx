import { HOME_PATH } from '../paths.ts';

export interface ErrorDetails {
  /** The error's message, or the status text for errors that are not exceptions. */
  message: string;
  /** Present only when the server is allowed to show it (never in production). */
  stack?: string;
}

export const ERROR_HEADING = 'Unexpected Application Error!';

export function ErrorScreen({ error }: { error: ErrorDetails }) {
  return (
    <div className="page error-screen">
      <h1>{ERROR_HEADING}</h1>
      <p className="error-screen__message">{error.message}</p>
      {error.stack ? <pre className="error-screen__stack">{error.stack}</pre> : null}
      <p>
        <a className="button" href={HOME_PATH}>
          Go to the home page
        </a>
      </p>
    </div>
  );
}
