// The dev server's client (scripts/dev/server.ts), on every page in `npm run dev` only.
// It listens on the reload channel: a new run of the dev server (a save of code starts
// one) or "reload" (a save of content) reloads the tab at the same address and scroll
// position; "styles" swaps the
// stylesheet in place, without a reload. Plain JavaScript served as it is: a
// same-origin module, as the CSP's script-src 'self' allows.

const SCROLL_KEY = 'dev-server:scroll';

const saved = sessionStorage.getItem(SCROLL_KEY);
if (saved) {
  sessionStorage.removeItem(SCROLL_KEY);
  const { href, x, y } = JSON.parse(saved);
  if (href === location.href) {
    const restore = () => scrollTo(x, y);
    restore();
    if (document.readyState !== 'complete') addEventListener('load', restore, { once: true });
  }
}

function reload() {
  sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ href: location.href, x: scrollX, y: scrollY }));
  location.reload();
}

/** Adds the rebuilt stylesheet, then (once it has loaded, so nothing flashes) removes the inline one and any earlier swap. */
function swapStyles(href) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.devStyles = '';
  link.addEventListener('load', () => {
    for (const old of document.head.querySelectorAll('style, link[data-dev-styles]')) if (old !== link) old.remove();
  });
  document.head.append(link);
}

/** Says so when the dev server has been gone a while: it stopped (content problems, a crash) until the next save. */
function showStopped() {
  const notice = document.createElement('p');
  notice.id = 'dev-server-stopped';
  notice.textContent = 'The dev server stopped: see the terminal. This page reloads once a save brings it back.';
  Object.assign(notice.style, { position: 'fixed', inset: 'auto 0 0 0', margin: 0, padding: '1em', background: '#fff3cd', color: '#000', zIndex: 2147483647 });
  document.body.append(notice);
}

let run;
let stopped;
const events = new EventSource('/__dev/events');
events.addEventListener('open', () => {
  clearTimeout(stopped);
  stopped = undefined;
});
// A restart leaves the tab without a dev server for a moment; a stop, until the next save.
events.addEventListener('error', () => {
  delete document.documentElement.dataset.devServer;
  stopped ??= setTimeout(showStopped, 3_000);
});
// A new run of the dev server: the site was started again from the files as they are now.
events.addEventListener('hello', (event) => {
  if (run && run !== event.data) reload();
  run = event.data;
  // For tests and the curious: this tab is listening.
  document.documentElement.dataset.devServer = 'connected';
});
// The site made again in the same run, after a save of the words or pictures.
events.addEventListener('reload', reload);
events.addEventListener('styles', (event) => swapStyles(event.data));
