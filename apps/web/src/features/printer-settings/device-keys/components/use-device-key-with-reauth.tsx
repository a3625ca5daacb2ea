import { useState, type ReactNode } from 'react';
import { reportError } from '../../../../lib/error-modal-store';
import { useMe } from '../../../../shared/account/api/get-me';
import { isReauthRequired } from '../../../../shared/reauth/api/reauthenticate';
import { ReauthDialog } from '../../../../shared/reauth/components/ReauthDialog';
import { useCreateDeviceKey } from '../api/create-device-key';

/**
 * Making a device key needs a recent password (and code), as an API key does: when the server
 * asks for it, `dialog` asks, and the key is requested again once it is given.
 */
export function useCreateDeviceKeyWithReauth() {
  const mutation = useCreateDeviceKey();
  const { data: me } = useMe();
  const [retry, setRetry] = useState<(() => void) | null>(null);

  const create = (
    workspaceId: number | null | undefined,
    handlers: { onSuccess: (key: { token: string }) => void; onError?: (error: unknown) => void },
  ) => {
    const send = () =>
      mutation.mutate(workspaceId, {
        onSuccess: handlers.onSuccess,
        onError: (error) => {
          if (isReauthRequired(error)) setRetry(() => send);
          else (handlers.onError ?? reportError)(error);
        },
      });
    send();
  };

  const dialog: ReactNode = retry ? (
    <ReauthDialog
      hasTwoFactor={me?.two_factor_enabled ?? false}
      onClose={() => setRetry(null)}
      onDone={() => {
        setRetry(null);
        retry();
      }}
    />
  ) : null;

  return { create, dialog, isPending: mutation.isPending, error: mutation.error };
}
