/**
 * The browser editor (Decap CMS) at /admin: the collections generated from
 * the content schemas, a format per collection that keeps the schema line,
 * and a preview drawn with the site's own page. Its backend (the local one
 * in `npm run dev`, GitHub in production) comes from /admin/config.yml,
 * which the server writes from its settings. docs/decisions/0005-browser-editor.md.
 */
import CMS from 'decap-cms-app';
import type { CmsConfig } from 'decap-cms-core';
import { formatter } from './formats.ts';
import { previewOf } from './preview.tsx';
import { setup } from './setup.ts';

for (const format of setup.formats) CMS.registerCustomFormat(format.name, format.extension, formatter(format));
for (const collection of setup.collections) {
  const fields = collection.fields ?? collection.files?.[0]?.fields ?? [];
  CMS.registerPreviewTemplate(collection.name, previewOf(collection.key, fields, setup.site, setup.assets));
}
CMS.registerPreviewStyle(setup.assets['styles.css']!);

const { collections, media_folder, public_folder } = setup;
// Merged with /admin/config.yml, which holds the backend; Decap's types know only its own format names.
CMS.init({ config: { collections, media_folder, public_folder } as unknown as CmsConfig });
