import { Button, Code, CopyButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A secret shown once (a device key), with a button that copies it (issue 24). */
export function CopyableSecret({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code data-testid={testId} style={{ wordBreak: 'break-all', flex: 1 }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy}>
            {copied ? t('common.copied') : t('common.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
