/**
 * `npm run dev:latency`: how long from saving a file to the updated page in
 * an open tab, with `npm run dev` running in a throw-away copy of the
 * project and Chromium showing /about. Saves the About copy (reload) and the
 * stylesheet (swap in place) RUNS times each, alternating two versions, and
 * prints the medians. Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { content as words } from '../../content/index.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, copyProject, startDev } from '../../harness/harness.ts';

const RUNS = Number(process.env.RUNS ?? 7);

const sandbox = copyProject();
const dev = await startDev(sandbox.root);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});

try {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(`${dev.origin}/about`);
  const listening = () => page.locator('html[data-dev-server="connected"]').waitFor({ state: 'attached' });
  await listening();
  const pause = () => new Promise((resolve) => setTimeout(resolve, Number(process.env.PAUSE_MS ?? 2_500)));

  /**
   * Writes `file` with `from` replaced by `to`; `updated` resolves with the
   * moment (epoch ms, the page's clock, which is this machine's) the tab
   * showed the change. Returns the milliseconds in between.
   */
  const timeSave = async (file: string, from: string, to: string, updated: () => Promise<number>) => {
    const path = join(sandbox.root, file);
    const text = readFileSync(path, 'utf8').replace(from, to);
    const saved = performance.timeOrigin + performance.now();
    writeFileSync(path, text);
    return (await updated()) - saved;
  };

  // A reload: when the new document first painted (its first contentful paint).
  const content: number[] = [];
  // A heading of the About page as the content has it, so that an owner's edit of it never breaks the measure.
  const copy = words.about!.process.heading;
  for (let run = 0; run < RUNS; run++) {
    const from = run === 0 ? copy : `${copy} (${run - 1})`;
    const to = `${copy} (${run})`;
    const painted = async () => {
      await page.getByText(to).waitFor({ timeout: 15_000 });
      return page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return performance.timeOrigin + (paint?.startTime ?? navigation.domContentLoadedEventEnd);
      });
    };
    content.push(await timeSave('content/words/about.en.yaml', from, to, painted));
    await listening();
    await pause();
  }

  // A swap in place: the first animation frame in which the footer has the new colour.
  const style: number[] = [];
  const colours = ['#0f1f33', '#123456'];
  for (let run = 0; run < RUNS; run++) {
    const [from, to] = run % 2 === 0 ? colours : [...colours].reverse();
    const rgb = to === '#123456' ? 'rgb(18, 52, 86)' : 'rgb(15, 31, 51)';
    const swapped = async () => {
      const when = await page.waitForFunction(
        (expected) => getComputedStyle(document.querySelector('.site-footer')!).backgroundColor === expected && performance.timeOrigin + performance.now(),
        rgb,
        { polling: 'raf', timeout: 15_000 },
      );
      return (await when.jsonValue()) as number;
    };
    style.push(await timeSave('client/styles.css', `--ink: ${from};`, `--ink: ${to};`, swapped));
    await pause();
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const report = (label: string, values: number[]) =>
    `  ${label}: median ${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))}, ${values.length} saves)`;
  console.log(`Save → updated page in Chromium, npm run dev:`);
  console.log(report('content, content/words/about.en.yaml (reload)', content));
  if (process.env.VERBOSE) console.log(content.map(Math.round), style.map(Math.round), dev.output());
  console.log(report('style, client/styles.css (swapped in place)', style));
} finally {
  await browser.close();
  await dev.stop();
  sandbox.remove();
}
