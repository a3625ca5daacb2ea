import type { NotificationSettings, NotificationSettingsUpdate } from '@printdeck/shared';

export type NotificationForm = Pick<NotificationSettings, 'telegram' | 'email'>;

export function toNotificationForm(settings: NotificationSettings): NotificationForm {
  return { telegram: { ...settings.telegram }, email: { ...settings.email } };
}

/** Dirty after any change that differs from what was loaded (spec part 2 §4.7). */
export function isNotificationFormDirty(saved: NotificationForm, form: NotificationForm): boolean {
  return (
    (Object.keys(saved.telegram) as (keyof NotificationForm['telegram'])[]).some(
      (key) => saved.telegram[key] !== form.telegram[key],
    ) ||
    (Object.keys(saved.email) as (keyof NotificationForm['email'])[]).some(
      (key) => saved.email[key] !== form.email[key],
    )
  );
}

export function toNotificationUpdate(form: NotificationForm): NotificationSettingsUpdate {
  return { telegram: { ...form.telegram }, email: { ...form.email } };
}

/** The hint shows while Telegram is on but no Telegram account is linked. */
export function needsTelegramLink(form: NotificationForm, isTelegramLinked: boolean): boolean {
  return form.telegram.enabled && !isTelegramLinked;
}
