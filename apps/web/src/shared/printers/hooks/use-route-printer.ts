import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { useCurrentWorkspace } from '../../workspaces/hooks/current-workspace';
import { usePrinter } from '../api/get-printer';

function parsePrinterId(value: string | undefined): number {
  return /^\d+$/.test(value ?? '') ? Number(value) : Number.NaN;
}

/**
 * The printer the route's `:id` names, in the current workspace. A bad id, a printer that is
 * gone or one of another workspace is told once, and the page goes back to `leaveTo`.
 */
export function useRoutePrinter(leaveTo: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const workspace = useCurrentWorkspace();
  const printerId = parsePrinterId(params.id);
  const printer = usePrinter(printerId);
  const isMissing =
    Number.isNaN(printerId) ||
    (isApiError(printer.error) && printer.error.status === 404) ||
    (printer.data !== undefined && printer.data.group_id !== workspace.id);

  useEffect(() => {
    if (!isMissing) return;
    notifications.show({
      id: 'printer-not-found',
      color: 'red',
      title: t('printers.errors.notFoundTitle'),
      message: t('printers.errors.notFound'),
    });
    void navigate(leaveTo, { replace: true });
  }, [isMissing, leaveTo, navigate, t]);

  return { printer, isMissing };
}
