/**
 * The "Node http" column of `npm run bench`: Node's http module answering
 * each target with our exact status, headers and bytes through plain
 * writeHead, with no lookup, negotiation or log. What is left between it and
 * nginx is Node's http module's own per-request cost; what is left between it
 * and our server is ours. Not used by the site.
 *
 * BENCH_FLOOR_RESPONSES: a JSON file of { [path]: { status, headers: [name, value, …], body: base64 } }.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const responses = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.BENCH_FLOOR_RESPONSES ?? '', 'utf8'))).map(([path, response]) => [
    path,
    { ...response, body: Buffer.from(response.body, 'base64') },
  ]),
);

createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  const response = responses.get(req.url ?? '');
  if (!response) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(response.status, response.headers);
  res.end(response.body);
}).listen(Number(process.env.PORT), '127.0.0.1');
