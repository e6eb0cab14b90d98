import type * as esbuild from 'esbuild';
import type { SiteContent } from '../../content/schema.ts';

/**
 * content/index.ts, which reads and checks the content files, becomes the
 * data the build read: the server bundle carries the words, not the YAML
 * and Markdown parsers or the schemas. The content is written once, as
 * JSON.parse of a string (which V8 reads faster than the same object as
 * code), and its parts are names for the default language's.
 */
export function contentAsData(site: SiteContent): esbuild.Plugin {
  const parts = Object.keys(site.editions[0]!);
  return {
    name: 'content-as-data',
    setup(build) {
      build.onLoad({ filter: /[\\/]content[\\/]index\.ts$/ }, () => ({
        loader: 'js',
        contents: [
          `export const siteContent = JSON.parse(${JSON.stringify(JSON.stringify(site))});`,
          'export const content = siteContent.editions[0];',
          `export const { ${parts.join(', ')} } = content;`,
        ].join('\n'),
      }));
    },
  };
}
