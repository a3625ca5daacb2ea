import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileDrop } from '../hooks/use-file-drop';

interface UploadDropAreaProps {
  onFiles: (files: File[]) => void;
  isDisabled: boolean;
}

/** Drop files here, or choose them; several at once. */
export function UploadDropArea({ onFiles, isDisabled }: UploadDropAreaProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const drop = useFileDrop(onFiles, !isDisabled);
  return (
    <Paper
      withBorder
      p="lg"
      data-testid="upload-drop-area"
      {...drop.handlers}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: drop.isOver ? 'var(--mantine-primary-color-filled)' : undefined,
        background: drop.isOver ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <IconUpload size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text ta="center">{t('files.upload.drop')}</Text>
        <Button variant="light" disabled={isDisabled} onClick={() => input.current?.click()}>
          {t('files.upload.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept=".gcode,.bgcode,.3mf"
          aria-label={t('files.upload.choose')}
          data-testid="upload-input"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </Stack>
    </Paper>
  );
}
