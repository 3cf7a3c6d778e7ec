// The slow network for pages fetched ahead. Chromium's network throttling, set on the page through
// the DevTools protocol (reader.mjs), does not reach the pages its Speculation Rules fetch
// ahead: the browser fetches them outside the page's loader, at the machine's own speed, which
// would make a page fetched ahead look faster than a phone gets it. So the bench puts this
// proxy in front of the site: requests marked
// `Sec-Purpose: prefetch` get the profile's round trip before their response and their body at
// its download rate; every other request passes straight through (Chromium throttles those itself).
// The bytes of those requests are counted here, as they go out, for the bytes a page fetches in
// its first seconds: a prerendered page's own requests never reach the page's DevTools session.
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The body as it would arrive at `bytesPerSecond`, in packet-sized pieces, each told to `sent`. */
async function* paced(body, bytesPerSecond, onSent) {
  const started = performance.now();
  let sent = 0;
  for await (const chunk of body) {
    for (let at = 0; at < chunk.length; at += 1460) {
      const piece = chunk.subarray(at, at + 1460);
      sent += piece.length;
      await sleep(started + (sent * 1000) / bytesPerSecond - performance.now());
      onSent(piece.length);
      yield piece;
    }
  }
}

/**
 * Listens on `port` and forwards to the site on `targetPort`, slowing the requests that fetch a
 * page ahead to `profile` (latencyMs, downloadBitsPerSecond). `onAhead(atMs, bytes)` hears each
 * piece of their bodies as it goes out, `atMs` the wall-clock time (as a page's
 * `performance.timeOrigin`). Resolves to the server.
 */
export async function startPrefetchNetwork({ port, targetPort, profile, onAhead = () => {} }) {
  const sent = (bytes) => onAhead(performance.timeOrigin + performance.now(), bytes);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const ahead = /prefetch/i.test(request.headers['sec-purpose'] ?? '');
    const forwarded = http.request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      async (answer) => {
        try {
          if (ahead) await sleep(profile.latencyMs);
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          await pipeline(ahead ? paced(answer, profile.downloadBitsPerSecond / 8, sent) : answer, response);
        } catch {
          response.destroy();
        }
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
