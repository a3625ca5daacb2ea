import { describe, expect, it } from 'vitest';
import {
  isNotificationFormDirty,
  needsTelegramLink,
  toNotificationForm,
  toNotificationUpdate,
} from './notification-form';

const settings = {
  id: 1,
  group_id: 2,
  telegram: { enabled: false, printjob_video_failure_alert: true, printjob_event_done: true },
  email: { enabled: true, printjob_video_failure_alert: true },
};

describe('notification form', () => {
  it('is clean as loaded and dirty after a change', () => {
    const saved = toNotificationForm(settings);
    expect(isNotificationFormDirty(saved, toNotificationForm(settings))).toBe(false);
    const changed = { ...saved, email: { ...saved.email, enabled: false } };
    expect(isNotificationFormDirty(saved, changed)).toBe(true);
    expect(isNotificationFormDirty(saved, { ...changed, email: saved.email })).toBe(false);
  });

  it('sends both channels', () => {
    expect(toNotificationUpdate(toNotificationForm(settings))).toEqual({
      telegram: settings.telegram,
      email: settings.email,
    });
  });

  it('asks to link Telegram only when it is on and unlinked', () => {
    const form = toNotificationForm(settings);
    expect(needsTelegramLink(form, false)).toBe(false);
    const on = { ...form, telegram: { ...form.telegram, enabled: true } };
    expect(needsTelegramLink(on, false)).toBe(true);
    expect(needsTelegramLink(on, true)).toBe(false);
  });
});
