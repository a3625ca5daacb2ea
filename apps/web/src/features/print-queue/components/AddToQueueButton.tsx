import { Button, type ButtonProps } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueueItemDialogLauncher } from './QueueItemDialogLauncher';

/** Add to queue for one G-code (the G-code detail). */
export function AddToQueueButton({ gcodeId, ...buttonProps }: ButtonProps & { gcodeId: number }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconListNumbers size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        {...buttonProps}
      >
        {t('printQueue.addToQueue')}
      </Button>
      {isOpen && <QueueItemDialogLauncher gcodeId={gcodeId} onClose={() => setOpen(false)} />}
    </>
  );
}
