import { Group, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface GcodeFact {
  label: string;
  value: ReactNode;
}

interface GcodeFactsProps {
  facts: readonly GcodeFact[];
  /** "row": side by side, wrapping (list rows); "grid": two columns (detail) */
  layout: 'row' | 'grid';
  'data-testid'?: string;
}

/** Label-value pairs of a file, as a description list. */
export function GcodeFacts({ facts, layout, ...props }: GcodeFactsProps) {
  const items = facts.map((fact) => (
    <div key={fact.label}>
      <Text component="dt" size="xs" c="dimmed">
        {fact.label}
      </Text>
      <Text
        component="dd"
        m={0}
        size={layout === 'row' ? 'sm' : 'md'}
        style={{ overflowWrap: 'anywhere' }}
      >
        {fact.value}
      </Text>
    </div>
  ));
  return layout === 'grid' ? (
    <SimpleGrid component="dl" cols={2} spacing="sm" m={0} {...props}>
      {items}
    </SimpleGrid>
  ) : (
    <Group
      component="dl"
      gap="xs"
      m={0}
      style={{ columnGap: 'var(--mantine-spacing-lg)' }}
      {...props}
    >
      {items}
    </Group>
  );
}
