import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface FormMessageProps {
  kind?: 'error' | 'success';
  title?: string;
  children: ReactNode;
}

/** An error or success message of a form, announced to screen readers. */
export function FormMessage({ kind = 'error', title, children }: FormMessageProps) {
  const isError = kind === 'error';
  const Icon = isError ? IconAlertTriangle : IconCircleCheck;
  return (
    <Alert
      role={isError ? 'alert' : 'status'}
      color={isError ? 'red' : 'teal'}
      variant="light"
      title={title}
      icon={<Icon size={18} />}
    >
      {children}
    </Alert>
  );
}
