import type { Locale } from '@printdeck/shared';
import type { MailMessage } from './mailer.js';

/** Names a mail may mention; they go into the text only, never into a header. */
export interface MailVars {
  workspace?: string;
  inviter?: string;
}

type Template = (link: string, vars: Required<MailVars>) => { subject: string; text: string };

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
  invitation: {
    en: (link, { workspace, inviter }) => ({
      subject: 'You are invited to a Printdeck workspace',
      text: `${inviter} invited you to the workspace "${workspace}" in Printdeck.\n\nTo join, open this link and accept: sign in if you have an account, or create one there:\n${link}\n\nThe link works once and expires in 7 days. If you did not expect it, ignore this mail.\n`,
    }),
    cs: (link, { workspace, inviter }) => ({
      subject: 'Pozvánka do pracovního prostoru v Printdecku',
      text: `${inviter} vás pozval(a) do pracovního prostoru „${workspace}“ v Printdecku.\n\nPozvánku přijmete na tomto odkazu: přihlaste se, pokud účet máte, nebo si ho tam vytvořte:\n${link}\n\nOdkaz platí jednou a vyprší za 7 dní. Pokud jste ho nečekali, e-mail ignorujte.\n`,
    }),
  },
  testNotification: {
    en: (link, { workspace }) => ({
      subject: 'Printdeck test notification',
      text: `This is a test of your e-mail notifications for the workspace "${workspace}". They work.\n\nChange them here:\n${link}\n`,
    }),
    cs: (link, { workspace }) => ({
      subject: 'Zkušební oznámení z Printdecku',
      text: `Toto je zkouška e-mailových oznámení pro pracovní prostor „${workspace}“. Fungují.\n\nZměníte je zde:\n${link}\n`,
    }),
  },
};

export type MailTemplateName = keyof typeof TEMPLATES;

/** User-given names lose control characters (line breaks included) before they reach a mail. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const plain = (value = '') => value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();

export function renderMail(
  name: MailTemplateName,
  locale: Locale,
  to: string,
  link: string,
  vars: MailVars = {},
): MailMessage {
  const template = TEMPLATES[name]?.[locale] ?? TEMPLATES[name]!.en;
  return {
    to,
    ...template(link, { workspace: plain(vars.workspace), inviter: plain(vars.inviter) }),
  };
}

/** The mail language follows the browser that asked for it. */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('cs') || first.startsWith('sk') ? 'cs' : 'en';
}
