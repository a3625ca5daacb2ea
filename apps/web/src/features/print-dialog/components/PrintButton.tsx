import { Button, type ButtonProps } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintDialogLauncher } from './PrintDialogLauncher';

interface PrintButtonProps extends ButtonProps {
  fileId?: number;
  printerId?: number;
  label?: string;
}

/** Opens the print dialog, with the file or the printer already chosen when given. */
export function PrintButton({ fileId, printerId, label, ...buttonProps }: PrintButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        {...buttonProps}
      >
        {label ?? t('printDialog.open')}
      </Button>
      {isOpen && (
        <PrintDialogLauncher
          initialFileId={fileId}
          initialPrinterId={printerId}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The header's Print button (OPERATE_PRINTERS, decided by the shell): nothing chosen yet. */
export function HeaderPrintButton() {
  return <PrintButton variant="filled" size="sm" />;
}
