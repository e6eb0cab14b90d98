/**
 * The browser editor's addresses and the types of its files (server/editor-site.ts, the dev server's
 * scripts/dev/editor.ts). No imports: the dev server loads this while the site's
 * modules may not load.
 */
export const EDITOR_PATH = '/admin';
export const EDITOR_SCRIPT_PATH = '/admin/editor.js';
export const EDITOR_CONFIG_PATH = '/admin/config.yml';

/** The content type of each kind of file the editor's folder holds. */
export const EDITOR_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
};
