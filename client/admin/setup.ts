/**
 * What the editor is made of: the collections and formats generated from
 * the schemas (scripts/content/cms.ts) and the built files the preview
 * draws with. The admin build replaces this module with that data, the
 * built files' URLs included (scripts/admin.ts), so the bundle reads no
 * schema and no file; imported anywhere else it has no built files.
 */
import { cmsSetup, type CmsSetup } from '../../scripts/content/cms.ts';

export interface AdminSetup extends CmsSetup {
  /** Public URL of each built file by its source name (dist/client/manifest.json). */
  assets: Record<string, string>;
}

export const setup: AdminSetup = { ...cmsSetup(), assets: {} };
