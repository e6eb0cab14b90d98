/**
 * The browser editor (Decap CMS) at /admin: Decap's core with only what the
 * site's content needs (the GitHub and local backends, eight widgets and the
 * core's own `hidden`, the English and French phrases), each backend with the content check in front of its
 * writes (repository.ts), the collections generated from the content
 * schemas with every language side by side, each language's text typed in
 * its direction, Decap's phrases in Arabic from our words, a format per collection that keeps the schema line and
 * every field, hidden collections that open a file as its text, a preview
 * drawn with the site's own page in the language being edited, a banner
 * with what the check says, in the owner's language where we have it, and
 * a media library of ours in place of Decap's (media-library.tsx).
 * Which backend (the local one in `npm run dev`, GitHub in production)
 * comes from /admin/config.yml, which the server writes from its settings.
 * docs/decisions/0005-browser-editor.md.
 */
import './jitless.ts';
import { lazy, Suspense, type ComponentType, type Ref } from 'react';
import CMS from 'decap-cms-core';
import type { CmsConfig, CmsWidgetParam } from 'decap-cms-core';
import { GitHubBackend } from 'decap-cms-backend-github';
import { ProxyBackend } from 'decap-cms-backend-proxy';
import { en, fr } from 'decap-cms-locales';
import ImageWidget from 'decap-cms-widget-image';
import ListWidget from 'decap-cms-widget-list';
import NumberWidget from 'decap-cms-widget-number';
import ObjectWidget from 'decap-cms-widget-object';
import SelectWidget from 'decap-cms-widget-select';
import StringWidget from 'decap-cms-widget-string';
import TextWidget from 'decap-cms-widget-text';
import { labelled, TEXT_FORMAT } from '../../content/editor-config.ts';
import { showBanner } from './banner.tsx';
import { fileText, inDirection } from './widgets.tsx';
import { asText, formatter } from './formats.ts';
import { decapLanguage, decapPhrasesOfOurs, notices, words } from './locale.ts';
import { pictureLibrary } from './media-library.tsx';
import { withPictureShown, type PictureControl } from './picture-shown.tsx';
import { previewOf, textPreview } from './preview.tsx';
import { checked } from './repository.ts';
import { setup } from './setup.ts';
import { gitHubLock, queue } from './write-lock.ts';

// A save, a delete or a publish that failed has had its notice (Decap's, with our words), and then Decap's Editor awaits
// the rejected action unhandled (Editor.js handlePersistEntry and handleDeleteEntry: no catch, which decap-cms#566 once
// had; no issue open: decision 0006, "To file"): it is taken as handled here, so that a console error still means
// something nobody was told.
const TOLD = new Set(['ENTRY_PERSIST_FAILURE', 'ENTRY_DELETE_FAILURE', 'UNPUBLISHED_ENTRY_PERSIST_FAILURE', 'UNPUBLISHED_ENTRY_PUBLISH_FAILURE']);
window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  const reason: unknown = event.reason;
  if (typeof reason === 'object' && reason !== null && TOLD.has(String((reason as { type?: unknown }).type))) event.preventDefault();
});

// On GitHub one write at a time across every editor's tab; `npm run dev`'s local backend queues its own writes.
CMS.registerBackend('github', checked(GitHubBackend, (repository) => gitHubLock(repository, notices.busy)));
CMS.registerBackend('proxy', checked(ProxyBackend, queue));
// `hidden` (content/editor-config.ts) needs no registration: Decap's core leaves such a field out of the form and its checks.
// What holds words is typed in its language's direction; a list or a group of fields passes its direction on to its fields.
for (const widget of [StringWidget, TextWidget, ListWidget, ObjectWidget]) CMS.registerWidget(inDirection(widget.Widget(), setup.directions));
CMS.registerWidget(inDirection(markdownWidget(), setup.directions));
for (const widget of [NumberWidget, SelectWidget]) CMS.registerWidget(widget.Widget());
CMS.registerWidget(fileText(TextWidget.Widget()));
const image = ImageWidget.Widget();
// Decap's types give a widget's component the type of its props (decap-cms-core's index.d.ts): the casts say what it is.
CMS.registerWidget({ ...image, controlComponent: withPictureShown(image.controlComponent as unknown as PictureControl) as unknown as typeof image.controlComponent });
const { newButton } = words;
for (const [name, phrases] of Object.entries({ en, fr, ...(decapPhrasesOfOurs as Record<string, typeof en>) })) {
  CMS.registerLocale(name, { ...phrases, collection: { ...phrases.collection, collectionTop: { ...phrases.collection.collectionTop, newButton, newButtonAriaLabel: newButton } } });
}

for (const format of setup.formats) CMS.registerCustomFormat(format.name, format.extension, formatter(format));
CMS.registerCustomFormat(TEXT_FORMAT, 'yaml', asText);
// Every collection's name and every field's label and hint in the owner's language.
const collections = labelled(setup.collections, words);
for (const collection of collections) {
  const format = setup.formats.find((candidate) => candidate.name === collection.format)!;
  CMS.registerPreviewTemplate(collection.name, previewOf(collection, formatter(format), setup.site, setup.assets, setup.i18n.default_locale));
}
// A file opened as its text: its one field's label and hint in the owner's language.
const { collection: textLabel, ...textField } = words.asText;
const textCollections = setup.textCollections.map((collection) => ({ ...collection, label: textLabel, fields: collection.fields!.map((field) => ({ ...field, ...textField })) }));
for (const collection of textCollections) CMS.registerPreviewTemplate(collection.name, textPreview);
CMS.registerPreviewStyle(setup.assets['styles.css']!);
CMS.registerMediaLibrary(pictureLibrary);

/**
 * Decap's Markdown editor (Slate, remark, rehype with parse5, react-dom/server: 182 KB brotli) as a
 * chunk loaded when a Markdown field is first shown. Registering a widget takes its name and control
 * only: its schema serves Decap's check of the configuration, which the build does instead, and its
 * preview is never asked for, the previews being ours. Until the chunk is there Decap's ref gets the
 * placeholder, which has no `isValid`: a save meanwhile finds the field as it was loaded.
 */
function markdownWidget(): CmsWidgetParam {
  type Props = Record<string, unknown> & { ref?: Ref<HTMLDivElement> };
  const Control = lazy(() => import('decap-cms-widget-markdown').then((markdown) => ({ default: markdown.default.Widget().controlComponent as unknown as ComponentType<Props> })));
  function LazyMarkdown(props: Props) {
    return (
      <Suspense fallback={<div ref={props.ref} />}>
        <Control {...props} />
      </Suspense>
    );
  }
  return { name: 'markdown', controlComponent: LazyMarkdown as unknown as CmsWidgetParam['controlComponent'] };
}

const { i18n, media_folder, public_folder, media_library, slug } = setup;
// Merged with /admin/config.yml, which holds the backend; Decap's types know only its own format names.
CMS.init({ config: { i18n, collections: [...collections, ...textCollections], media_folder, public_folder, media_library, slug, locale: decapLanguage } as unknown as CmsConfig });
showBanner();
