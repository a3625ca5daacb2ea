import { DESCRIPTION_ALLOWED_TAGS } from '@printdeck/shared';
import DOMPurify from 'dompurify';

/**
 * The stored description once more through the server's allowlist (checklist C34), by
 * DOMPurify: the allowed tags come back without any attribute; other tags go, their text stays
 * (a script's or style's content goes with it).
 */
export function sanitizeDescription(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...DESCRIPTION_ALLOWED_TAGS],
    ALLOWED_ATTR: [],
  });
}
