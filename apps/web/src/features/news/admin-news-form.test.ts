import { describe, expect, it } from 'vitest';
import { emptyAdminNewsForm, toAdminNewsBody, toLocalInput } from './admin-news-form';

describe('admin news form', () => {
  it('needs an English title', () => {
    expect(toAdminNewsBody(emptyAdminNewsForm(new Date()))).toBeNull();
  });

  it('sends the local moment as ISO', () => {
    const when = new Date(2026, 2, 4, 5, 6);
    const body = toAdminNewsBody({ ...emptyAdminNewsForm(when), title_en: 'Hello' });
    expect(body?.publish_from).toBe(when.toISOString());
    expect(body?.title_en).toBe('Hello');
    expect(toLocalInput(when)).toBe('2026-03-04T05:06');
  });
});
