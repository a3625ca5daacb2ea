import ReactMarkdown from 'react-markdown';
import { TypographyStylesProvider } from '@mantine/core';

/** Markdown without raw HTML (react-markdown's default) and with its safe URL filter. */
export default function NewsMarkdown({ content }: { content: string }) {
  return (
    <TypographyStylesProvider>
      <ReactMarkdown>{content}</ReactMarkdown>
    </TypographyStylesProvider>
  );
}
