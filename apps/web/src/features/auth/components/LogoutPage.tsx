import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredLayout } from '../../../components/CenteredLayout';
import { PageLoader } from '../../../components/PageLoader';
import { SCREEN_PATHS } from '../../../config/screens';
import { clearSession, isSignedIn } from '../../../session/session';
import { useDeleteToken } from '../api/delete-token';

/** Revokes the session if there is one, forgets tokens, workspace and cached data. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: deleteToken } = useDeleteToken();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const revoke = isSignedIn() ? deleteToken().catch(() => undefined) : Promise.resolve();
    void revoke.then(() => {
      clearSession();
      queryClient.clear();
      void navigate(SCREEN_PATHS.login, { replace: true });
    });
  }, [deleteToken, navigate, queryClient]);

  return (
    <CenteredLayout logoTo={SCREEN_PATHS.login}>
      <PageLoader label={t('auth.logout.inProgress')} />
    </CenteredLayout>
  );
}
