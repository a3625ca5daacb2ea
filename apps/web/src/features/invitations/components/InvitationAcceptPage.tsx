import { Button, Stack } from '@mantine/core';
import { decodeInvitationTokenPayload } from '@printdeck/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CenteredLayout } from '../../../components/CenteredLayout';
import { FormMessage } from '../../../components/FormMessage';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { SCREEN_PATHS } from '../../../config/screens';
import { saveSelectedWorkspaceId } from '../../../session/selected-workspace';
import { isSignedIn } from '../../../session/session';
import { validateNewPassword } from '../../../shared/auth/auth-messages';
import { AuthCard } from '../../../shared/auth/components/AuthCard';
import type { LoginLocationState } from '../../../shared/auth/login-location-state';
import { myWorkspacesQueryKey } from '../../../shared/workspaces/api/get-my-workspaces';
import { useAcceptInvitation, useJoinInvitation } from '../api/accept-invitation';
import { getInvitationErrorMessage } from '../invitation-messages';

/** /invitations/accept?token=…: for a newcomer or for someone already signed in. */
export function InvitationAcceptPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const payload = decodeInvitationTokenPayload(token);
  const isExpired = payload !== null && payload.exp * 1000 < Date.now();
  const title = t('invitations.accept.title');

  return (
    <CenteredLayout logoTo={SCREEN_PATHS.dashboard}>
      {!payload || isExpired ? (
        <AuthCard title={title}>
          <FormMessage>{t('invitations.accept.invalid')}</FormMessage>
        </AuthCard>
      ) : isSignedIn() ? (
        <JoinCard token={token} workspace={payload.workspace} />
      ) : payload.has_account ? (
        <SignInToJoinCard token={token} email={payload.email} workspace={payload.workspace} />
      ) : (
        <NewAccountCard token={token} email={payload.email} workspace={payload.workspace} />
      )}
    </CenteredLayout>
  );
}

/** Set by the sign-in this page sent the invitee to: they join without a second press. */
interface AfterSignInState {
  isJoiningAfterSignIn?: boolean;
}

/** Sign in, then back here to join at once (the token stays in the URL, the intent in state). */
function useSignInToJoin(token: string, email: string, workspace: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    const state: LoginLocationState = {
      email,
      message: t('invitations.accept.signInMessage', { workspace }),
      returnTo: {
        pathname: SCREEN_PATHS.invitationAccept,
        search: `?token=${encodeURIComponent(token)}`,
        state: { isJoiningAfterSignIn: true } satisfies AfterSignInState,
      },
    };
    void navigate(SCREEN_PATHS.login, { state });
  };
}

function SignInToJoinCard(props: { token: string; email: string; workspace: string }) {
  const { t } = useTranslation();
  const signIn = useSignInToJoin(props.token, props.email, props.workspace);
  return (
    <AuthCard
      title={t('invitations.accept.title')}
      description={t('invitations.accept.signInText', {
        workspace: props.workspace,
        email: props.email,
      })}
    >
      <Button onClick={signIn}>{t('invitations.accept.signInToJoin')}</Button>
    </AuthCard>
  );
}

function JoinCard({ token, workspace }: { token: string; workspace: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const join = useJoinInvitation();
  const isAfterSignIn = (useLocation().state as AfterSignInState | null)?.isJoiningAfterSignIn;
  const hasJoined = useRef(false);
  const onJoin = () =>
    join.mutate(token, {
      onSuccess: async (joined) => {
        saveSelectedWorkspaceId(joined.id);
        await queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey });
        await navigate(SCREEN_PATHS.dashboard, { replace: true });
      },
    });
  useEffect(() => {
    // signed in a moment ago to join: no second press
    if (isAfterSignIn && !hasJoined.current) {
      hasJoined.current = true;
      onJoin();
    }
  });
  const error = getInvitationErrorMessage(join.error, true, t);
  return (
    <AuthCard
      title={t('invitations.accept.title')}
      description={t('invitations.accept.joinText', { workspace })}
    >
      {error && <FormMessage>{error}</FormMessage>}
      <Button onClick={onJoin} loading={join.isPending}>
        {t('invitations.accept.join')}
      </Button>
    </AuthCard>
  );
}

function NewAccountCard(props: { token: string; email: string; workspace: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const signIn = useSignInToJoin(props.token, props.email, props.workspace);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateNewPassword(password, confirmation, t);
    setValidationError(invalid);
    if (invalid) return;
    accept.mutate(
      { token: props.token, password, email: props.email },
      {
        onSuccess: ({ isSignedIn: isNowSignedIn }) => {
          if (isNowSignedIn) return void navigate(SCREEN_PATHS.dashboard, { replace: true });
          const state: LoginLocationState = {
            email: props.email,
            message: t('invitations.accept.accountReady'),
          };
          void navigate(SCREEN_PATHS.login, { replace: true, state });
        },
      },
    );
  };
  const error = validationError ?? getInvitationErrorMessage(accept.error, false, t);

  return (
    <AuthCard
      title={t('invitations.accept.title')}
      description={t('invitations.accept.newText', { workspace: props.workspace })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && <FormMessage>{error}</FormMessage>}
          <NewPasswordFields
            email={props.email}
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
          />
          <Button type="submit" loading={accept.isPending}>
            {t('invitations.accept.createAccount')}
          </Button>
          <Button onClick={signIn} variant="subtle">
            {t('invitations.accept.signIn')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
