import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredLayout } from '../../../components/CenteredLayout';
import { PageLoader } from '../../../components/PageLoader';
import { SCREEN_PATHS } from '../../../config/screens';
import { formatFileSize } from '../../../lib/format-units';
import { usePublicProfile } from '../api/get-public-profile';
import { DescriptionHtml } from './DescriptionHtml';
import { PublicVideos } from './PublicVideos';

/**
 * /public/{uniqueId}: a public workspace's description, website, public files and public videos,
 * for anyone.
 */
export function PublicProfilePage() {
  const { t } = useTranslation();
  const profile = usePublicProfile(useParams().uniqueId ?? '');
  const data = profile.data;
  return (
    <CenteredLayout logoTo={SCREEN_PATHS.dashboard} size={900}>
      {profile.isError ? (
        <Text>{t('workspaceSettings.publicNotFound')}</Text>
      ) : !data ? (
        <PageLoader />
      ) : (
        <Stack gap="md">
          <Title order={1} size="h2">
            {data.name}
          </Title>
          {data.public_website_url && (
            <Anchor
              href={data.public_website_url}
              target="_blank"
              rel="noopener noreferrer nofollow"
            >
              {data.public_website_url}
            </Anchor>
          )}
          {data.public_description && (
            <Paper withBorder p="md">
              <DescriptionHtml html={data.public_description} />
            </Paper>
          )}
          <Title order={2} size="h4">
            {t('workspaceSettings.publicFiles', { count: data.files_count })}
          </Title>
          <Table aria-label={t('workspaceSettings.publicFiles', { count: data.files_count })}>
            <Table.Tbody>
              {data.files.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td>{file.name}</Table.Td>
                  <Table.Td>{formatFileSize(file.size)}</Table.Td>
                  <Table.Td>
                    <Anchor href={file.download_url} download>
                      {t('workspaceSettings.download')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <PublicVideos videos={data.videos} />
        </Stack>
      )}
    </CenteredLayout>
  );
}
