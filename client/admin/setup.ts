/**
 * What the editor is made of: the collections and formats generated from
 * the schemas (scripts/content/cms.ts) and the built files the preview
 * draws with. The admin build replaces this module with that data
 * (scripts/admin.ts), so the bundle reads no schema and no file.
 */
import type { CmsSetup } from '../../scripts/content/cms.ts';

export interface AdminSetup extends CmsSetup {
  /** Public URL of each built file by its source name (dist/client/manifest.json). */
  assets: Record<string, string>;
}

export declare const setup: AdminSetup;
