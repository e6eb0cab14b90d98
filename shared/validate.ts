/**
 * Checks of contact details that both the configuration (server/config.ts)
 * and the content check (shared/content/check.ts) make. Each returns what
 * was expected when the value is not accepted, or undefined when it is.
 */

export function originProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'an absolute http(s) URL such as https://www.example.com';
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    return 'an http(s) origin with no path, query or credentials, such as https://www.example.com';
  }
  return undefined;
}

export function httpsUrlProblem(value: string): string | undefined {
  return URL.canParse(value) && new URL(value).protocol === 'https:' ? undefined : 'an absolute https URL';
}

export function emailProblem(value: string): string | undefined {
  return /^[^\s@<>()",;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value) ? undefined : 'an e-mail address such as info@example.com';
}

export function plainTextProblem(value: string): string | undefined {
  return value.length > 80 || /[\u0000-\u001f<>]/.test(value) ? 'plain text of at most 80 characters, without < or >' : undefined;
}
