import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../../lib/error-modal-store';
import { LAN_FIELDS, toLanFieldErrors } from '../model/lan-field-errors';

/**
 * The errors a LAN form shows on its fields: its own checks once it was submitted, else the
 * server's refusal of that field (the add-printer page, a printer's connection, its plug).
 * `begin` starts a submit and says whether it may go; `fail` puts a 400's messages on their
 * fields or, naming none, hands the error to the error modal; `settle` ends a saved submit.
 */
export function useLanFieldErrors(
  localErrors: Record<string, ParseKeys>,
  fields: readonly string[] = LAN_FIELDS,
) {
  const { t } = useTranslation();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  return {
    shown: (field: string): string | undefined => {
      const local = isSubmitted ? localErrors[field] : undefined;
      return local ? t(local) : serverErrors[field];
    },
    begin: (): boolean => {
      setSubmitted(true);
      setServerErrors({});
      return Object.keys(localErrors).length === 0;
    },
    fail: (error: unknown): void => {
      const found = toLanFieldErrors(error, t, fields);
      if (found) setServerErrors(found);
      else reportError(error);
    },
    settle: (): void => setSubmitted(false),
  };
}
