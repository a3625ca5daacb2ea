import { Alert, Button, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import type { TwoFactorSetup, User } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { isReauthRequired } from '../../../shared/reauth/api/reauthenticate';
import { useDisableTwoFactor, useEnableTwoFactor, useStartTwoFactorSetup } from '../api/two-factor';
import { OtpauthQrCode } from './OtpauthQrCode';
import { ReauthDialog } from '../../../shared/reauth/components/ReauthDialog';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput';

/** Settings → Account → Two-factor sign-in: an authenticator app and recovery codes (C08). */
export function TwoFactorSection({ me }: { me: User }) {
  const { t } = useTranslation();
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Turning on and off need a recent password (and code): the step to repeat once it is given.
  const [afterReauth, setAfterReauth] = useState<(() => void) | null>(null);
  const askReauthThen = (retry: () => void) => (error: unknown) => {
    if (isReauthRequired(error)) setAfterReauth(() => retry);
  };

  const turnOn = () =>
    start.mutate(undefined, { onSuccess: setSetup, onError: askReauthThen(turnOn) });
  const sendCode = () =>
    enable.mutate(code, {
      onSuccess: (result) => {
        setSetup(null);
        setCode('');
        setRecoveryCodes(result.recovery_codes);
      },
      onError: askReauthThen(sendCode),
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    sendCode();
  };
  const turnOff = () => disable.mutate(undefined, { onError: askReauthThen(turnOff) });
  const codeError =
    isApiError(enable.error) && enable.error.getFieldErrors('code').length > 0
      ? t('security.twoFactor.codeInvalid')
      : undefined;

  return (
    <Stack gap="sm" component="section" aria-labelledby="two-factor-title">
      <Title order={2} size="h4" id="two-factor-title">
        {t('security.twoFactor.title')}
      </Title>
      {me.two_factor_required && (
        <Alert color="orange">{t('security.twoFactor.requiredForAdmins')}</Alert>
      )}
      <Text size="sm" c="dimmed">
        {me.two_factor_enabled ? t('security.twoFactor.isOn') : t('security.twoFactor.isOff')}
      </Text>
      {recoveryCodes && (
        <Alert color="teal" title={t('security.twoFactor.recoveryTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('security.twoFactor.recoveryText')}</Text>
            <List size="sm" data-testid="recovery-codes">
              {recoveryCodes.map((recoveryCode) => (
                <List.Item key={recoveryCode}>
                  <Code>{recoveryCode}</Code>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}
      {!me.two_factor_enabled && !setup && (
        <Group>
          <Button loading={start.isPending} onClick={turnOn}>
            {t('security.twoFactor.turnOn')}
          </Button>
        </Group>
      )}
      {setup && (
        <form onSubmit={confirm} noValidate>
          <Stack gap="sm" maw={520}>
            <Text size="sm">{t('security.twoFactor.setupText')}</Text>
            <OtpauthQrCode uri={setup.otpauth_uri} />
            <Text size="sm">
              {t('security.twoFactor.secretLabel')}{' '}
              <Code data-testid="two-factor-secret">{setup.secret}</Code>
            </Text>
            <Text size="sm">
              <a href={setup.otpauth_uri}>{t('security.twoFactor.openInApp')}</a>
            </Text>
            <OneTimeCodeInput value={code} error={codeError} onChange={setCode} />
            <Group>
              <Button type="submit" loading={enable.isPending}>
                {t('security.twoFactor.confirm')}
              </Button>
              <Button variant="default" onClick={() => setSetup(null)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {me.two_factor_enabled && (
        <Group>
          <Button variant="default" color="red" loading={disable.isPending} onClick={turnOff}>
            {t('security.twoFactor.turnOff')}
          </Button>
        </Group>
      )}
      {afterReauth && (
        <ReauthDialog
          hasTwoFactor={me.two_factor_enabled}
          onClose={() => setAfterReauth(null)}
          onDone={() => {
            setAfterReauth(null);
            afterReauth();
          }}
        />
      )}
    </Stack>
  );
}
