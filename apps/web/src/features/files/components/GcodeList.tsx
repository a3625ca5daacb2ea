import { Button, Center, Skeleton, Stack } from '@mantine/core';
import type { Gcode } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { useScrollSentinel } from '../hooks/use-scroll-sentinel';
import type { GcodeAction } from './GcodeRowMenu';
import { GcodeRow, type GcodeRowSelection } from './GcodeRow';

const SKELETON_ROWS = 10;

interface GcodeListProps {
  gcodes: readonly Gcode[] | undefined;
  canChange: (gcode: Gcode) => boolean;
  getSelection?: (gcode: Gcode) => GcodeRowSelection;
  onAction: (gcode: Gcode, action: GcodeAction) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/** The rows, 10 skeletons while loading, and the next page by Load more or scrolling. */
export function GcodeList(props: GcodeListProps) {
  const { gcodes, hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  const { t } = useTranslation();
  const sentinel = useScrollSentinel<HTMLDivElement>(
    fetchNextPage,
    hasNextPage && !isFetchingNextPage,
  );
  if (!gcodes) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('files.loading')}>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <Skeleton key={index} h={98} radius="md" data-testid="gcode-skeleton" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {gcodes.map((gcode) => (
        <GcodeRow
          key={gcode.id}
          gcode={gcode}
          canChange={props.canChange(gcode)}
          selection={props.getSelection?.(gcode)}
          onAction={props.onAction}
        />
      ))}
      {hasNextPage && (
        <Center ref={sentinel} py="sm">
          <Button variant="default" loading={isFetchingNextPage} onClick={fetchNextPage}>
            {t('files.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
