/**
 * The words the editor shows beyond Decap's English phrases, in one place:
 * ours in place of a few of Decap's (admin.tsx registers them over
 * decap-cms-locales' `en`), and the notices the site adds at the foot of
 * every screen (banner.tsx). Placeholders are written %{name}, as Decap's are.
 */

/** In place of Decap's phrases of the same names. */
export const phrases = {
  // "New Product category", in words: Decap's "＋" is a character many system fonts lack,
  // and its name for screen readers ("Create entry of type …") would not be the words seen.
  newButton: 'New %{collectionLabel}',
} as const;

/** The notices at the foot of every screen (banner.tsx), and the message of a save GitHub refused for the sign-in (repository.ts). */
export const notices = {
  checkLabel: 'Content check',
  refused: 'Not saved: the site would refuse this change. Fix these and save again.',
  problems: 'The content has problems: the site will not be built until they are fixed. Open each entry to fix it.',
  unreadable: 'The content could not be read to check it: %{why}',
  open: 'Open',
  hide: 'Hide',
  signInLabel: 'Sign-in',
  signInFailed: 'Signing in with GitHub did not work, so nothing was changed. Press Login with GitHub to try again; if it fails again, send whoever runs the site what it said.',
  signInSaid: 'It said: %{why}',
  signedOut:
    'Not saved: GitHub no longer accepts your sign-in (it has run out or was withdrawn), so nothing was changed. Copy what you wrote somewhere safe, then log out (the button at the top right, then Log Out), log in with GitHub again, and make the change again.',
  signedOutShort: 'GitHub no longer accepts your sign-in, so nothing was saved.',
  busy: 'Not saved: another person’s change was being saved for longer than expected, so nothing was changed. Save again in a moment.',
  addressesCommit: 'Keep the old addresses of the published page working',
  unusedCommit: 'Remove the pictures nothing shows any more',
} as const;

/** A notice with its placeholders filled. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/%\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
