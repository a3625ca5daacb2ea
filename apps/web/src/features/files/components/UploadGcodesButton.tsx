import { Button, type ButtonProps } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadGcodesDialog } from './UploadGcodesDialog';

/**
 * Opens the upload dialog: the header's Upload button (registered in header-actions, shown
 * with UPLOAD_FILE), and the calls to upload on the Gcodes list and the dashboard.
 */
export function UploadGcodesButton(props: ButtonProps & { label?: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const { label, ...buttonProps } = props;
  return (
    <>
      <Button
        leftSection={<IconUpload size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        {...buttonProps}
      >
        {label ?? t('nav.upload')}
      </Button>
      {isOpen && <UploadGcodesDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** The header's variant: the permission rules of the shell decide whether it shows. */
export function HeaderUploadButton() {
  return <UploadGcodesButton variant="light" size="sm" />;
}
