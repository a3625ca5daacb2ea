import type { Locale } from '@printdeck/shared';
import type { MailMessage } from './mailer.js';

type Template = (link: string) => { subject: string; text: string };

const TEMPLATES: Record<string, Record<Locale, Template>> = {
  registration: {
    en: (link) => ({
      subject: 'Finish your Printdeck registration',
      text: `Welcome to Printdeck!\n\nTo finish your registration, set your password here:\n${link}\n\nThe link works once and expires in 48 hours. If you did not ask for it, ignore this mail.\n`,
    }),
    cs: (link) => ({
      subject: 'Dokončete registraci v Printdecku',
      text: `Vítejte v Printdecku!\n\nRegistraci dokončíte nastavením hesla zde:\n${link}\n\nOdkaz platí jednou a vyprší za 48 hodin. Pokud jste o něj nežádali, e-mail ignorujte.\n`,
    }),
  },
  accountExists: {
    en: (link) => ({
      subject: 'Your Printdeck account',
      text: `Someone (hopefully you) tried to register this address, but it already has a Printdeck account.\n\nIf you forgot your password, reset it here:\n${link}\n`,
    }),
    cs: (link) => ({
      subject: 'Váš účet v Printdecku',
      text: `Někdo (snad vy) se pokusil zaregistrovat tuto adresu, ale ta už účet v Printdecku má.\n\nPokud jste zapomněli heslo, obnovte ho zde:\n${link}\n`,
    }),
  },
  passwordReset: {
    en: (link) => ({
      subject: 'Reset your Printdeck password',
      text: `To set a new password, open:\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this mail; your password stays as it is.\n`,
    }),
    cs: (link) => ({
      subject: 'Obnovení hesla v Printdecku',
      text: `Nové heslo nastavíte zde:\n${link}\n\nOdkaz platí jednou a vyprší za 1 hodinu. Pokud jste o něj nežádali, e-mail ignorujte; heslo zůstává beze změny.\n`,
    }),
  },
};

export type MailTemplateName = keyof typeof TEMPLATES;

export function renderMail(
  name: MailTemplateName,
  locale: Locale,
  to: string,
  link: string,
): MailMessage {
  const template = TEMPLATES[name]?.[locale] ?? TEMPLATES[name]!.en;
  return { to, ...template(link) };
}

/** The mail language follows the browser that asked for it. */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('cs') || first.startsWith('sk') ? 'cs' : 'en';
}
