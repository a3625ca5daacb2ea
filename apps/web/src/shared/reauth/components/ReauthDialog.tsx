import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useReauthenticate } from '../api/reauthenticate';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput';

interface ReauthDialogProps {
  /** ask for the authenticator code as well */
  hasTwoFactor: boolean;
  onDone: () => void;
  onClose: () => void;
}

/** "Confirm it's you": the password (and code) before a sensitive change (checklist C05). */
export function ReauthDialog({ hasTwoFactor, onDone, onClose }: ReauthDialogProps) {
  const { t } = useTranslation();
  const reauth = useReauthenticate();
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reauth.mutate({ password, ...(hasTwoFactor && otp ? { otp } : {}) }, { onSuccess: onDone });
  };
  const error = reauth.error;
  const passwordError =
    isApiError(error) && error.getFieldErrors('password').length > 0
      ? t('security.password.wrongCurrent')
      : undefined;
  const codeError =
    isApiError(error) && error.getFieldErrors('otp').length > 0
      ? t('security.twoFactor.codeInvalid')
      : undefined;
  return (
    <Modal opened onClose={onClose} title={t('security.reauth.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('security.reauth.text')}</Text>
          <PasswordInput
            label={t('security.password.current')}
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-autofocus
          />
          {hasTwoFactor && <OneTimeCodeInput value={otp} error={codeError} onChange={setOtp} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={reauth.isPending}>
              {t('security.reauth.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
