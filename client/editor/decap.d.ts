/**
 * Types for the parts of Decap CMS the editor registers, which ship without
 * their own: the two backends it uses (their documented Implementation
 * interface, the part the content check wraps), the widgets and the English
 * and French phrases. decap-cms-core has its own (CMS, CmsConfig, the preview's props).
 */

declare module 'decap-cms-lib-util' {
  /** A content file as a backend reads it: its text and where it is. */
  export interface ImplementationEntry {
    data: string;
    file: { path: string; label?: string; id?: string | null };
  }
  /** What an entry's save writes: its file (and where it moves to, on a rename) and its new pictures. */
  export interface DataFile {
    path: string;
    slug: string;
    raw: string;
    newPath?: string;
  }
  export interface AssetProxy {
    path: string;
    url: string;
    fileObj?: File;
    toBase64?: () => Promise<string>;
  }
  export interface ImplementationMediaFile {
    id: string;
    name: string;
    path: string;
    size?: number;
    file?: File;
    url?: string;
    displayURL?: unknown;
  }
  /** The methods of Decap's backend interface the editor calls or wraps (decap-cms-lib-util's Implementation). */
  export interface Implementation {
    authenticate(credentials: unknown): Promise<unknown>;
    restoreUser(user: unknown): Promise<unknown>;
    /** One file of an entry, as its form is opened: GitHub's gives `data: ''` for a file that is not there, the local backend's `null`. */
    getEntry(path: string): Promise<Omit<ImplementationEntry, 'data'> & { data: string | null }>;
    entriesByFolder(folder: string, extension: string, depth: number): Promise<ImplementationEntry[]>;
    allEntriesByFolder?(folder: string, extension: string, depth: number): Promise<ImplementationEntry[]>;
    entriesByFiles(files: Array<{ path: string; label?: string }>): Promise<ImplementationEntry[]>;
    getMediaFile(path: string): Promise<ImplementationMediaFile>;
    getMedia(mediaFolder?: string): Promise<ImplementationMediaFile[]>;
    persistEntry(entry: { dataFiles: DataFile[]; assets: AssetProxy[] }, options: Record<string, unknown>): Promise<unknown>;
    persistMedia(file: AssetProxy, options: Record<string, unknown>): Promise<ImplementationMediaFile>;
    deleteFiles(paths: string[], commitMessage: string): Promise<unknown>;
    /** The editorial workflow's (publish_mode: editorial_workflow): a draft's files, its status, its publishing, its deletion. */
    unpublishedEntry(args: { collection: string; slug: string }): Promise<{ diffs: Array<{ id: string; path: string; newFile: boolean }> }>;
    unpublishedEntryDataFile(collection: string, slug: string, path: string, id: string): Promise<string>;
    unpublishedEntryMediaFile(collection: string, slug: string, path: string, id: string): Promise<ImplementationMediaFile>;
    updateUnpublishedEntryStatus(collection: string, slug: string, newStatus: string): Promise<unknown>;
    publishUnpublishedEntry(collection: string, slug: string): Promise<unknown>;
    deleteUnpublishedEntry(collection: string, slug: string): Promise<unknown>;
  }
  export type ImplementationClass = new (config: unknown, options?: unknown) => Implementation;
}

declare module 'decap-cms-backend-github' {
  export const GitHubBackend: import('decap-cms-lib-util').ImplementationClass;
}

declare module 'decap-cms-backend-proxy' {
  export const ProxyBackend: import('decap-cms-lib-util').ImplementationClass;
}

/** Each widget package's default export: `Widget()` gives what CMS.registerWidget takes. */
declare module 'decap-cms-widget-string' {
  const widget: { Widget: () => import('decap-cms-core').CmsWidgetParam };
  export default widget;
}
declare module 'decap-cms-widget-text' {
  const widget: { Widget: () => import('decap-cms-core').CmsWidgetParam };
  export default widget;
}
declare module 'decap-cms-widget-number' {
  const widget: { Widget: () => import('decap-cms-core').CmsWidgetParam };
  export default widget;
}
declare module 'decap-cms-widget-select' {
  const widget: { Widget: () => import('decap-cms-core').CmsWidgetParam };
  export default widget;
}
declare module 'decap-cms-widget-list' {
  const widget: { Widget: () => import('decap-cms-core').CmsWidgetParam };
  export default widget;
}
declare module 'decap-cms-widget-object' {
  const widget: { Widget: () => import('decap-cms-core').CmsWidgetParam };
  export default widget;
}
declare module 'decap-cms-widget-markdown' {
  const widget: { Widget: () => import('decap-cms-core').CmsWidgetParam };
  export default widget;
}
declare module 'decap-cms-widget-image' {
  const widget: { Widget: () => import('decap-cms-core').CmsWidgetParam };
  export default widget;
}

declare module 'decap-cms-locales' {
  export const en: import('decap-cms-core').CmsLocalePhrases;
  export const fr: import('decap-cms-core').CmsLocalePhrases;
}
/** The English phrases alone, as Node can load them: the package's main file is a bundle for browsers, which needs a `window`. */
declare module 'decap-cms-locales/dist/esm/en/index.js' {
  const en: import('decap-cms-core').CmsLocalePhrases;
  export default en;
}
