/**
 * Secrets never reach a log line (checklist C43): mailed links, signed download tokens, API keys
 * and passwords can all ride in a URL, so URLs are redacted before they are logged.
 */
export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_PARAM = /token|key|secret|pass|auth|activate|reset|refresh|access|signature|sig|code/i;

/** Values that look like one of our secrets whatever the parameter is called. */
const SECRET_VALUE = [
  /^pdk_/, // API key
  /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}(\.[A-Za-z0-9_-]*)?$/, // JWT, mail token, device key
];

function isSecretParam(name: string, value: string): boolean {
  return SECRET_PARAM.test(name) || SECRET_VALUE.some((pattern) => pattern.test(value));
}

/** The request URL (path and query) with secret query values replaced. */
export function redactRequestUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url.slice(queryStart + 1);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let value = pair.slice(equals + 1);
      try {
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        // a malformed escape is judged as it came
      }
      let decodedName = name;
      try {
        decodedName = decodeURIComponent(name);
      } catch {
        // as it came
      }
      return isSecretParam(decodedName, value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}

/** A URL with a password in it (postgres://user:pass@host/db) shows the password redacted. */
export function redactUrlPassword(value: string): string {
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = REDACTED;
    return url.toString().replace(encodeURIComponent(REDACTED), REDACTED);
  } catch {
    // not a URL: hide whatever sits between "://user:" and "@"
    return value.replace(/(:\/\/[^:/@\s]*:)[^@\s]*@/g, `$1${REDACTED}@`);
  }
}
