import http from 'node:http';
import https from 'node:https';

/** Redirects a download follows, as `fetch` did (a store may send one; a loop ends here). */
const MAX_REDIRECTS = 5;
/** A connection silent this long is given up, as `fetch`'s (undici's) body timeout did. */
const IDLE_TIMEOUT_MS = 300_000;

/**
 * GETs `url` with plain `node:http` and answers the response as it starts (a redirect
 * followed), its body a Node stream the caller reads or `resume()`s. `fetch` handed a 50 MB
 * body over through web streams chunk by chunk; this is the PrusaLink driver's way (issue 31).
 * The signal ends the request, and the body with it, at any point.
 */
export async function openGet(url: string, signal: AbortSignal): Promise<http.IncomingMessage> {
  let target = new URL(url);
  for (let redirects = 0; ; redirects++) {
    const incoming = await requestOnce(target, signal);
    const status = incoming.statusCode ?? 0;
    const location = incoming.headers.location;
    if (status < 300 || status >= 400 || location === undefined) return incoming;
    incoming.resume();
    if (redirects === MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    target = new URL(location, target);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new Error(`a redirect to ${target.protocol}`);
    }
  }
}

function requestOnce(target: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const get = target.protocol === 'https:' ? https.get : http.get;
    let answer: http.IncomingMessage | null = null;
    const outgoing = get(target, { agent: false }, (incoming) => {
      answer = incoming;
      incoming.once('close', () => signal.removeEventListener('abort', onAbort));
      resolve(incoming);
    });
    outgoing.setTimeout(IDLE_TIMEOUT_MS, () =>
      outgoing.destroy(new Error(`no data for ${IDLE_TIMEOUT_MS / 1000} s`)),
    );
    const onAbort = () => {
      answer?.destroy(signal.reason as Error);
      outgoing.destroy(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
  });
}
