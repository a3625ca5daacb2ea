import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { Video } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { VIDEOS_PAGE_SIZE, type useVideos } from '../api/get-videos';
import { VideoCard } from './VideoCard';

interface VideoGridProps {
  query: ReturnType<typeof useVideos>;
  isSelecting?: boolean;
  selected?: ReadonlySet<number>;
  onToggle?: (video: Video) => void;
}

/** Videos in a grid: 12 skeletons while loading (spec part 2 §9), then Load more. */
export function VideoGrid({ query, isSelecting = false, selected, onToggle }: VideoGridProps) {
  const { t } = useTranslation();
  const cols = { base: 1, sm: 2, lg: 3 };
  if (!query.data) {
    return (
      <SimpleGrid cols={cols} data-testid="videos-loading">
        {Array.from({ length: VIDEOS_PAGE_SIZE }, (_, i) => (
          <Skeleton key={i} h={110} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const videos = query.data.pages.flatMap((page) => page.results);
  if (videos.length === 0) {
    return (
      <Text c="dimmed" data-testid="videos-empty">
        {t('videos.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={cols} data-testid="videos">
        {videos.map((video) => (
          <VideoCard
            key={video.id}
            video={video}
            isSelecting={isSelecting}
            isSelected={selected?.has(video.id) ?? false}
            onToggle={() => onToggle?.(video)}
          />
        ))}
      </SimpleGrid>
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('videos.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
