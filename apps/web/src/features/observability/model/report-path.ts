import { matchPath } from 'react-router';
import { SCREEN_PATHS } from '../../../config/screens';

const PATTERNS = Object.values(SCREEN_PATHS);

/**
 * The screen's route pattern for a path ("/printers/:id" for "/printers/12"): what reports and
 * page views name, so no ids, tokens or e-mails in an address leave the browser. A path that
 * is no screen reads "/404".
 */
export function toReportPath(pathname: string): string {
  const exact = PATTERNS.find((pattern) => !pattern.includes(':') && pattern === pathname);
  if (exact) return exact;
  return PATTERNS.find((pattern) => matchPath(pattern, pathname)) ?? '/404';
}
