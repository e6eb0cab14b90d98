/**
 * The browser editor's addresses (server/admin.ts, the dev server's
 * scripts/dev/admin.ts). No imports: the dev server loads this while the site's
 * modules may not load.
 */
export const ADMIN_PATH = '/admin';
export const ADMIN_SCRIPT_PATH = '/admin/admin.js';
export const ADMIN_CONFIG_PATH = '/admin/config.yml';
