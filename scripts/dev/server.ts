/**
 * The dev server, one run per version of the code: `tsx watch`
 * (scripts/dev/dev.ts) starts it again after every save of code, so each run
 * imports the site fresh from disk, builds the client into dist/dev/client
 * and serves both, with the dev client script on every page (createApp's
 * devScript) and the reload channel (Server-Sent Events). An open tab
 * reconnects to the next run and reloads. A save in content/words or
 * content/art, the editor's among them (editor.ts), restarts nothing: the
 * site is made again from the files in this run, the old one answering
 * meanwhile, so the editor is never left without its backend; then open
 * tabs reload. A save of client/styles.css swaps the stylesheet into them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { watch as watchFiles } from 'chokidar';
import type { Logger } from '../../server/logger.ts';
import { queue } from '../../shared/queue.ts';
import { devEditor } from './editor.ts';
import { DEV_CLIENT_PATH, EVENTS_PATH, STYLES_PREFIX } from './endpoints.ts';

const root = join(import.meta.dirname, '..', '..');
const clientDir = join(root, 'dist', 'dev', 'client');
/** A tab that reconnects to another run reloads. */
const RUN = randomUUID();
const devClient = readFileSync(join(import.meta.dirname, 'client.js'));

let logger: Logger | undefined;

/** The site as the files are now, or a page saying why it cannot start. */
async function startSite(): Promise<RequestListener> {
  try {
    const [{ readConfig }, { readSources }, { checkContent }, { checkSite }] = await Promise.all([import('../../server/config.ts'), import('../../content/read.ts'), import('../../content/load.ts'), import('../build/check-content.ts')]);
    const config = readConfig(process.env);
    // The content as the files are now, read and checked once for this site; the client is built meanwhile (esbuild works
    // in a process of its own) and draws the share images once the check has given the filled words.
    const sources = readSources(root);
    const checked = checkContent(sources);
    const checking = checkSite(checked, config.site, sources.art);
    // No share images when the check fails or throws; what it says is reported below.
    const filled = checking.then((check) => check.filled).catch(() => undefined);
    const building = import('../build/build.ts').then(({ buildClient }) =>
      buildClient({ outDir: clientDir, compress: false, site: filled }),
    );
    building.catch(() => undefined);
    const { problems } = await checking;
    // The editor's bundle draws its preview with this run's client build: it is there before the site is, broken content or not.
    await building.catch(() => undefined);
    if (problems.length > 0) {
      for (const line of problems) console.error(`content: ${line}`);
      console.error('The site stopped on the content problems above; open tabs show them, and the next save tries again.');
      return failurePage(problems.join('\n'), 'The content has a mistake');
    }
    const [{ createApp }, { createLogger }] = await Promise.all([import('../../server/app.ts'), import('../../server/logger.ts'), building]);
    // One logger for the run: each has a timer that flushes it, and the sites of a run's saves would pile them up.
    logger ??= createLogger(config.logLevel);
    return createApp({ config, content: checked.content, logger, clientDir, devScript: DEV_CLIENT_PATH, precompress: false });
  } catch (error) {
    const why = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`${why}\nThe site could not start: open tabs show why, and the next save tries again.`);
    return failurePage(why, 'The site could not start');
  }
}

/** What every open tab shows while the site cannot start: the reason, as the terminal has it. */
function failurePage(why: string, title: string): RequestListener {
  const html =
    `<!DOCTYPE html><html lang="en"><title>${title}</title><script type="module" src="${DEV_CLIENT_PATH}"></script>` +
    `<h1>${title}</h1><p>Save a fix and this tab reloads by itself.</p><pre>${why.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`)}</pre></html>`;
  return (_req, res) => {
    res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };
}

let site = startSite();

// --- The reload channel, and the stylesheet swapped in place ---------------------

const tabs = new Set<ServerResponse>();
const send = (tab: ServerResponse, event: string, data: string) => tab.write(`event: ${event}\ndata: ${data}\n\n`);

let styles = { href: '', css: '' };
/** One remaking of the site at a time, in the order the saves came; the editor's bundle is built between two, as it reads the client build a remaking replaces. */
const inTurn = queue();
const remake = (step: () => Promise<void>) => void inTurn(step).catch((error: unknown) => console.error(String(error)));

/** The site made again from the files; the one before answers until it is ready. */
async function restartSite(): Promise<void> {
  await site;
  const next = await startSite();
  site = Promise.resolve(next);
}

async function swapStyles(): Promise<void> {
  const started = performance.now();
  const { buildStyles } = await import('../build/build.ts');
  const css = await buildStyles();
  const href = `${STYLES_PREFIX}${createHash('sha256').update(css).digest('hex').slice(0, 12)}.css`;
  // An editor's save can come as several events: one swap per new stylesheet.
  if (href === styles.href) return;
  styles = { href, css };
  for (const tab of tabs) send(tab, 'styles', href);
  console.log(`client/styles.css: swapped in place (${Math.round(performance.now() - started)} ms)`);
  // Pages loaded from now on have it inline.
  await restartSite();
}

// chokidar, as for the words below: it follows a file that an editor saves by renaming a new one over it.
watchFiles(join(root, 'client', 'styles.css'), { ignoreInitial: true }).on('change', () => remake(swapStyles));

// A save of the words or the pictures: the site made again, then the tabs reload. One write can come as
// several events, and an upload of two pictures as two writes: one remaking once they have settled.
let contentSaved: NodeJS.Timeout | undefined;
const remakeFromContent = async () => {
  const started = performance.now();
  await restartSite();
  console.log(`content: the site made again from the files (${Math.round(performance.now() - started)} ms)`);
  for (const tab of tabs) send(tab, 'reload', '');
};
// chokidar, not fs.watch's `recursive`: on Linux that loses a file once an editor has saved it by renaming a new file over it (vim, sed -i).
watchFiles(['content/words', 'content/art'].map((folder) => join(root, folder)), { ignoreInitial: true }).on('all', () => {
  clearTimeout(contentSaved);
  contentSaved = setTimeout(() => remake(remakeFromContent), 100);
});

// --- The server the browser talks to -----------------------------------------

// The browser editor and its local backend; the backend answers even while the site cannot start, so the editor can fix what stopped it.
const editor = devEditor(root, clientDir, (work) =>
  inTurn(async () => {
    await site;
    return work();
  }),
);

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (path === EVENTS_PATH) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    // retry: how soon the tab tries again while the next run starts.
    res.write('retry: 100\n\n');
    // Told which run this is once the site is ready, so the tab's reload finds it answering.
    void site.then(() => {
      send(res, 'hello', RUN);
      tabs.add(res);
    });
    req.on('close', () => tabs.delete(res));
  } else if (path === DEV_CLIENT_PATH) {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(devClient);
  } else if (path?.startsWith(STYLES_PREFIX)) {
    res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-store' });
    res.end(styles.css);
  } else if (!editor(req, res)) {
    void site.then((answer) => answer(req, res));
  }
});

// Checked by scripts/dev/dev.ts, which also turned PORT=0 into the free port every run listens on.
const host = process.env.HOST!;
server.listen(Number(process.env.PORT), host, async () => {
  await site;
  // The address it really listens on: 0.0.0.0 is every interface, not localhost.
  const { address, port } = server.address() as AddressInfo;
  const shown = address.includes(':') ? `[${address}]` : address;
  console.log(`Dev server on http://${shown}:${port}/ (ready in ${Math.round(performance.now())} ms)`);
});
