import { Alert, PasswordInput, TextInput } from '@mantine/core';
import type { LanPrinterKind } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

/** What the LAN form holds for the printer's credentials, by kind. */
export interface LanCredentials {
  apiKey: string;
  serial: string;
  accessCode: string;
  user: string;
  password: string;
}

export const NO_CREDENTIALS: LanCredentials = {
  apiKey: '',
  serial: '',
  accessCode: '',
  user: '',
  password: '',
};

/** The body fields of POST /lan-printers/ for a kind, nothing the kind does not use. */
export function credentialBody(kind: LanPrinterKind, values: LanCredentials) {
  switch (kind) {
    case 'octoprint':
      return { api_key: values.apiKey.trim() };
    case 'moonraker':
      return {};
    case 'bambu':
      return { serial: values.serial.trim(), access_code: values.accessCode.trim() };
    case 'prusalink':
      return {
        user: values.user.trim(),
        password: values.password,
        api_key: values.apiKey.trim(),
      };
  }
}

/** The messages the LAN form's own checks give. */
export type LanFormMessage =
  | 'printers.validation.nameEmpty'
  | 'printers.validation.apiKeyEmpty'
  | 'printers.lan.urlEmpty'
  | 'printers.lan.serialEmpty'
  | 'printers.lan.accessCodeEmpty'
  | 'printers.lan.passwordEmpty';

/**
 * The form's own checks: the field (server name) and its message key. When editing
 * (`hasStoredSecrets`), an empty secret keeps the stored one, so only the serial is required.
 */
export function credentialErrors(
  kind: LanPrinterKind,
  values: LanCredentials,
  hasStoredSecrets = false,
) {
  const errors: Record<string, LanFormMessage> = {};
  if (kind === 'bambu' && values.serial.trim() === '') errors.serial = 'printers.lan.serialEmpty';
  if (hasStoredSecrets) return errors;
  if (kind === 'octoprint' && values.apiKey.trim() === '')
    errors.api_key = 'printers.validation.apiKeyEmpty';
  if (kind === 'bambu' && values.accessCode.trim() === '')
    errors.access_code = 'printers.lan.accessCodeEmpty';
  if (kind === 'prusalink' && values.password === '' && values.apiKey.trim() === '')
    errors.password = 'printers.lan.passwordEmpty';
  return errors;
}

/**
 * The credentials a kind needs, each saying where the printer's screen shows it: the OctoPrint
 * key, the Bambu serial and access code, the PrusaLink user and password (or an older key).
 * With `hasStoredSecrets` (the edit page) the secret fields start empty and say that empty
 * keeps the stored one.
 */
export function LanCredentialFields(props: {
  kind: LanPrinterKind;
  values: LanCredentials;
  onChange: (change: Partial<LanCredentials>) => void;
  error: (field: string) => string | undefined;
  hasStoredSecrets?: boolean;
}) {
  const { t } = useTranslation();
  const { kind, values, onChange, error, hasStoredSecrets = false } = props;
  const keep = hasStoredSecrets ? t('printers.lanConnection.keepSecret') : undefined;
  if (kind === 'octoprint') {
    return (
      <PasswordInput
        label={t('printers.form.apiKey')}
        description={t('printers.form.apiKeyHint')}
        value={values.apiKey}
        onChange={(event) => onChange({ apiKey: event.currentTarget.value })}
        error={error('api_key')}
        placeholder={keep}
        autoComplete="off"
        required={!hasStoredSecrets}
      />
    );
  }
  if (kind === 'bambu') {
    return (
      <>
        <Alert color="blue">{t('printers.lan.bambuWhere')}</Alert>
        <TextInput
          label={t('printers.lan.serial')}
          description={t('printers.lan.serialHint')}
          value={values.serial}
          onChange={(event) => onChange({ serial: event.currentTarget.value })}
          error={error('serial')}
          autoComplete="off"
          required
        />
        <PasswordInput
          label={t('printers.lan.accessCode')}
          description={t('printers.lan.accessCodeHint')}
          value={values.accessCode}
          onChange={(event) => onChange({ accessCode: event.currentTarget.value })}
          error={error('access_code')}
          placeholder={keep}
          autoComplete="off"
          required={!hasStoredSecrets}
        />
      </>
    );
  }
  if (kind === 'prusalink') {
    return (
      <>
        <Alert color="blue">{t('printers.lan.prusalinkWhere')}</Alert>
        <TextInput
          label={t('printers.lan.user')}
          description={t('printers.lan.userHint')}
          placeholder="maker"
          value={values.user}
          onChange={(event) => onChange({ user: event.currentTarget.value })}
          error={error('user')}
          autoComplete="off"
        />
        <PasswordInput
          label={t('printers.lan.password')}
          description={t('printers.lan.passwordHint')}
          value={values.password}
          onChange={(event) => onChange({ password: event.currentTarget.value })}
          error={error('password')}
          placeholder={keep}
          autoComplete="off"
        />
        <PasswordInput
          label={t('printers.lan.prusalinkApiKey')}
          description={t('printers.lan.prusalinkApiKeyHint')}
          value={values.apiKey}
          onChange={(event) => onChange({ apiKey: event.currentTarget.value })}
          error={error('api_key')}
          placeholder={keep}
          autoComplete="off"
        />
      </>
    );
  }
  return null;
}
