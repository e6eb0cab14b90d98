import type * as esbuild from 'esbuild';
import type { Content } from '../../shared/content/schema.ts';

/**
 * shared/content/index.ts, which reads and checks the content files, becomes
 * the data it returns: the bundles carry the words, not the YAML and Markdown
 * parsers or the schemas. Each export is its own constant, so a bundle keeps
 * only the parts it imports (the browser's, the hours and their labels).
 */
export function contentAsData(content: Content): esbuild.Plugin {
  return {
    name: 'content-as-data',
    setup(build) {
      build.onLoad({ filter: /[\\/]shared[\\/]content[\\/]index\.ts$/ }, () => ({
        loader: 'js',
        contents: Object.entries(content)
          .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
          .join('\n'),
      }));
    },
  };
}
