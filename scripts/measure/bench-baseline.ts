/**
 * The contrast for `npm run bench`: the same pages rendered with
 * renderToString on every request and compressed on the fly, as a plain
 * Express SSR server would. Not used by the site.
 */
import compression from 'compression';
import express from 'express';
import { renderPage } from '../../server/render/render.tsx';
import { siteContent } from '../../content/index.ts';
import { fillSite } from '../../shared/routes.ts';
import { defaultSite } from '../../shared/site.ts';
import { defaultClientDir, loadAssets } from '../../server/assets.ts';

const clientDir = defaultClientDir();
const assets = loadAssets(clientDir);
const filled = fillSite(defaultSite, siteContent);
const app = express();
app.use(compression());
app.use('/assets', express.static(`${clientDir}/assets`, { immutable: true, maxAge: '1y' }));
app.use((req, res) => {
  const result = renderPage(req.originalUrl, { site: defaultSite, ...filled, assets: assets.urls });
  if (result.kind === 'redirect') return res.redirect(result.status, result.location);
  res.status(result.status).type('html').send(result.html);
});
app.listen(Number(process.env.PORT ?? 3302), '127.0.0.1');
