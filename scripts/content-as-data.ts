import type * as esbuild from 'esbuild';
import type { SiteContent } from '../content/schema.ts';

/**
 * content/index.ts, which reads and checks the content files, becomes the
 * data the build read: the bundles carry the words, not the YAML and
 * Markdown parsers or the schemas. Each part is its own constant, so a
 * bundle keeps only the parts it imports (the browser's: the hours and
 * their labels).
 */
export function contentAsData(site: SiteContent): esbuild.Plugin {
  const content = site.editions[0]!;
  const parts = Object.keys(content);
  return {
    name: 'content-as-data',
    setup(build) {
      build.onLoad({ filter: /[\\/]content[\\/]index\.ts$/ }, () => ({
        loader: 'js',
        contents: [
          ...Object.entries(content).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`),
          `export const content = { ${parts.join(', ')} };`,
          `export const siteContent = ${JSON.stringify(site)};`,
        ].join('\n'),
      }));
    },
  };
}
