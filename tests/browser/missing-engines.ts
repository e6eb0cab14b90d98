/** After vitest's summary, the engines missing and the tests that skipped: a run without a browser must not read as green. */
import type { Reporter, TestModule } from 'vitest/node';
import { ENGINE_NAMES, engineMissing, type EngineName } from './global-setup.ts';

export default class MissingEngines implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const lines = ENGINE_NAMES.flatMap((engine: EngineName) => {
      const ran = modules.filter((module) => module.project.name === engine);
      const missing = ran.length > 0 && engineMissing(engine);
      if (!missing) return [];
      const skipped = ran.reduce((count, module) => count + [...module.children.allTests('skipped')].length, 0);
      return [`  ${engine}: ${skipped} tests skipped, ${missing}`];
    });
    if (lines.length > 0) console.log(`\n\x1b[1;31mENGINES MISSING: these browser tests did not run\x1b[0m\n${lines.join('\n')}\n`);
  }
}
