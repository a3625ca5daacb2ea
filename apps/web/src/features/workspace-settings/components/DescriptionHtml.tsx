import { TypographyStylesProvider } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeDescription } from '../sanitize-description';

/** The one place a stored description becomes HTML, after it is sanitised once more here. */
export function DescriptionHtml({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeDescription(html), [html]);
  return (
    <TypographyStylesProvider>
      <div data-testid="workspace-description" dangerouslySetInnerHTML={{ __html: safe }} />
    </TypographyStylesProvider>
  );
}
