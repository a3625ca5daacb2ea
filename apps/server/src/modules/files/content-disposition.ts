/**
 * `attachment` with the name twice (RFC 6266): an ASCII fallback with anything unusual
 * replaced, and the exact name percent-encoded as UTF-8 (checklist C31).
 */
export function toAttachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
