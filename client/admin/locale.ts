/**
 * The words the editor shows beyond Decap's English phrases, in one place:
 * ours in place of a few of Decap's (admin.tsx registers them over
 * decap-cms-locales' `en`), and the notices the site adds at the foot of
 * every screen (banner.tsx), and the media library's (media-library.tsx).
 * Placeholders are written %{name}, as Decap's are.
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

/**
 * The media library's words (media-library.tsx, uploads.ts): its dialog, what
 * it says of an upload, and the commit messages of its writes (Decap's own).
 * The lines of the content check beside them are the build's own.
 */
export const library = {
  title: 'Pictures',
  forSlot: 'For %{slot}: a photo of at least %{width} × %{height} pixels, or an SVG drawing of exactly %{drawingWidth} × %{drawingHeight}.',
  rules:
    'Upload photos as JPEG, PNG, WebP or AVIF files of up to %{limit}, and drawings as SVG files. A photo is turned upright, made at most %{longSide} pixels on its long side, and saved without what the camera wrote into it (the phone, the place, the owner).',
  upload: 'Upload a picture',
  close: 'Close',
  loading: 'Loading the pictures…',
  none: 'There are no pictures yet.',
  preparing: 'Preparing %{file}…',
  saving: 'Saving %{name}…',
  deleting: 'Deleting %{name}…',
  size: '%{width} × %{height} pixels, %{bytes}',
  inField: 'In this field now',
  use: 'Use',
  useLabel: 'Use %{name}',
  delete: 'Delete',
  deleteLabel: 'Delete %{name}',
  // What an upload became.
  savedDrawing: '%{file} is saved as %{name}.',
  savedPhoto: '%{file} is saved as %{name}: %{width} × %{height} pixels, upright, without what the camera wrote into it.',
  converted: 'It is a %{kind} now: the site keeps a WebP or AVIF photo as JPEG, or as PNG when it has see-through parts.',
  chooseIt: 'Press Use beside it to put it in the field.',
  replaced: '%{name} is replaced.',
  deleted: '%{name} is deleted.',
  // Asked before a write.
  replaceQuestion: 'There is a picture named %{name} already. Replace it with %{file}?',
  replaceYes: 'Replace it',
  replaceNo: 'Keep the one there',
  deleteQuestion: 'Delete %{name}? A page that shows it would have no picture, so the site will not let you delete a picture in use.',
  deleteYes: 'Delete it',
  deleteNo: 'Keep it',
  // Refusals: a heading, then the lines.
  notTaken: 'Not uploaded, so nothing was saved:',
  notForSlot: 'Not used: this picture does not fit here.',
  refusedUpload: 'Not saved: the site would refuse this picture, so nothing was changed. What the content check says:',
  refusedDelete: 'Not deleted: the site would refuse the change, so nothing was changed. What the content check says:',
  failed: 'Something went wrong, so nothing was changed:',
  notOpened: 'The pictures cannot be read before you have logged in.',
  tooLarge: '%{file} is %{bytes}: the site takes pictures of up to %{limit}. Export a smaller copy (most photo apps can) and upload that.',
  heic: '%{file} is a HEIC photo (an iPhone’s own kind), which browsers cannot show: export it as JPEG (on the iPhone, Settings, Camera, Formats, Most Compatible; or share it to yourself by e-mail) and upload that.',
  otherKind: '%{file} is not a picture the site takes (JPEG, PNG, WebP, AVIF or SVG): export it as JPEG (a drawing as SVG) and upload that.',
  unreadable: '%{file} could not be read as a picture (it may be damaged): export it again as JPEG and upload that.',
  unnamed: '%{file} has no letter or digit in its name to name the picture by: rename it (textiles-loom.jpg, say) and upload it again.',
  masterTooLarge: '%{name} would still be %{bytes} at %{longSide} pixels on its long side: export it as JPEG and upload that.',
  notWritten: 'This browser cannot write a %{kind} picture: upload it from an up-to-date Chrome, Edge, Firefox or Safari.',
  // Decap's own commit messages for a picture's upload and delete (its `commit_messages`).
  uploadCommit: 'Upload “%{path}”',
  deleteCommit: 'Delete “%{path}”',
} as const;

/** A notice with its placeholders filled. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/%\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
