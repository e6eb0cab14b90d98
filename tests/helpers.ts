import { createApp, type AppOptions } from '../server/app.ts';
import { defaultSite } from '../shared/site.ts';

export function testApp(overrides: Partial<AppOptions> = {}) {
  return createApp({
    config: { nodeEnv: 'test', trustProxy: false, site: defaultSite },
    ...overrides,
  });
}
