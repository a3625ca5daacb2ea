import type { PublicConfig } from '@printdeck/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { toReportPath } from './model/report-path';

type Analytics = NonNullable<PublicConfig['analytics']>;

let analytics: Analytics | null = null;
let isConfigured = false;
/** the screen shown before the server answered: counted once it has */
let waitingPath: string | null = null;

/**
 * One page view to Plausible's events API (https://plausible.io/docs/events-api), as its own
 * script sends it: text/plain (no CORS preflight), kept alive across a page change. The page
 * is named by its route pattern on this origin; nothing else about the person is sent.
 */
function postPageView(settings: Analytics, pathname: string): void {
  const body = {
    name: 'pageview',
    url: `${window.location.origin}${toReportPath(pathname)}`,
    domain: settings.site_id,
    referrer: null,
  };
  void fetch(`${settings.url}/api/event`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify(body),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => {
    // analytics that fail tell nobody
  });
}

export function configurePageViews(settings: PublicConfig['analytics']): void {
  analytics = settings;
  isConfigured = true;
  if (settings && waitingPath !== null) postPageView(settings, waitingPath);
  waitingPath = null;
}

function sendPageView(pathname: string): void {
  if (!isConfigured) waitingPath = pathname;
  else if (analytics) postPageView(analytics, pathname);
}

/** Tags each screen change for analytics (spec part 1 §2); nothing when it is off. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // a new path is a new page; a changed query (a sort, a filter) is the same page
    sendPageView(pathname);
  }, [pathname]);
}
