/** Bytes of the request body sent so far, as XMLHttpRequest reports them. */
export type UploadProgressHandler = (loaded: number, total: number) => void;

function toHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

function toResponse(xhr: XMLHttpRequest): Response {
  const hasBody = xhr.status !== 204 && xhr.status !== 304;
  return new Response(hasBody ? xhr.responseText : null, {
    status: xhr.status,
    statusText: xhr.statusText,
    headers: toHeaders(xhr.getAllResponseHeaders()),
  });
}

/**
 * A transport for the API client (`ApiRequest.transport`) that sends `body` with
 * XMLHttpRequest, because fetch does not report upload progress. The client still adds the
 * access token, renews it on 401 and reads the answer; aborting the signal aborts the upload.
 */
export function createXhrTransport(
  body: XMLHttpRequestBodyInit,
  onProgress?: UploadProgressHandler,
) {
  return (url: string, init: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'POST', url);
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded, event.total);
      };
      xhr.onload = () => resolve(toResponse(xhr));
      xhr.onerror = () => reject(new TypeError('Network failure during upload'));
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      const { signal } = init;
      if (signal?.aborted)
        return reject(new DOMException('The upload was cancelled', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
}
