import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';

interface CenteredLayoutProps {
  /** where the logo leads */
  logoTo: string;
  /** more controls beside the theme and language ones */
  actions?: ReactNode;
  size?: number;
  children: ReactNode;
}

/** The frame of pages outside the application shell: sign-in, workspace selection, 404. */
export function CenteredLayout({ logoTo, actions, size = 460, children }: CenteredLayoutProps) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container size={size} w="100%" pt="lg" style={{ flex: 1 }}>
        <Group justify="space-between" mb="xl">
          <Logo to={logoTo} />
          <Group gap="xs">
            {actions}
            <LanguageSwitch />
            <ThemeToggle />
          </Group>
        </Group>
        <Box component="main">{children}</Box>
      </Container>
      <Footer />
    </Box>
  );
}
