import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { AdminNews } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { BackLink } from '../../../components/BackLink';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DateField } from '../../../components/DateField';
import { FormMessage } from '../../../components/FormMessage';
import { NoAccessNotice } from '../../../components/NoAccessNotice';
import { PageLoader } from '../../../components/PageLoader';
import { TimeField } from '../../../components/TimeField';
import { SCREEN_PATHS } from '../../../config/screens';
import { formatDate } from '../../../lib/format-date';
import { useMe } from '../../../shared/account/api/get-me';
import {
  useAdminNews,
  useCreateAdminNews,
  useDeleteAdminNews,
  useUpdateAdminNews,
} from '../api/admin-news';
import {
  emptyAdminNewsForm,
  toAdminNewsBody,
  toAdminNewsForm,
  type AdminNewsForm,
} from '../admin-news-form';

/** System administrators write news in English and Czech. */
export function AdminNewsPage() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.data && !me.data.is_admin) return <Navigate to={SCREEN_PATHS.news} replace />;
  if (!me.data) return <PageLoader />;
  if (me.data.two_factor_required)
    return (
      <NoAccessNotice
        title={t('news.admin.needsTwoFactor.title')}
        reason={t('news.admin.needsTwoFactor.reason')}
        action={{ label: t('news.admin.needsTwoFactor.action'), to: SCREEN_PATHS.settingsAccount }}
      />
    );
  return (
    <Stack gap="md" maw={900}>
      <BackLink to={SCREEN_PATHS.news}>{t('news.back')}</BackLink>
      <Title order={1} size="h2">
        {t('news.admin.title')}
      </Title>
      <AdminNewsEditor />
    </Stack>
  );
}

function AdminNewsEditor() {
  const { t } = useTranslation();
  const list = useAdminNews();
  const remove = useDeleteAdminNews();
  const [editing, setEditing] = useState<AdminNews | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<AdminNews | null>(null);

  return (
    <>
      <Group>
        <Button onClick={() => setEditing('new')}>{t('news.admin.create')}</Button>
      </Group>
      {editing && (
        <NewsForm
          key={editing === 'new' ? 'new' : editing.id}
          news={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <Paper withBorder p="md">
        {!list.data ? (
          <PageLoader />
        ) : list.data.length === 0 ? (
          <Text c="dimmed">{t('news.empty')}</Text>
        ) : (
          <Table aria-label={t('news.admin.title')}>
            <Table.Tbody>
              {list.data.map((news) => (
                <Table.Tr key={news.id}>
                  <Table.Td>{news.title_en}</Table.Td>
                  <Table.Td>{formatDate(news.publish_from)}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end" gap="xs">
                      <Button size="xs" variant="light" onClick={() => setEditing(news)}>
                        {t('news.admin.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setToDelete(news)}
                      >
                        {t('news.admin.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {toDelete && (
        <ConfirmDialog
          title={t('news.admin.deleteTitle')}
          confirmLabel={t('news.admin.delete')}
          isPending={remove.isPending}
          onClose={() => setToDelete(null)}
          onConfirm={() => remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })}
        >
          {t('news.admin.deleteQuestion', { title: toDelete.title_en })}
        </ConfirmDialog>
      )}
    </>
  );
}

const TEXT_FIELDS = ['title', 'perex', 'content'] as const;

function NewsForm({ news, onDone }: { news: AdminNews | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AdminNewsForm>(() =>
    news ? toAdminNewsForm(news) : emptyAdminNewsForm(new Date()),
  );
  const [isInvalid, setIsInvalid] = useState(false);
  const [publishDay = '', publishTime = ''] = form.publishFrom.split('T');
  const create = useCreateAdminNews();
  const update = useUpdateAdminNews();
  const error = create.error ?? update.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toAdminNewsBody(form);
    setIsInvalid(!body);
    if (!body) return;
    if (news) update.mutate({ id: news.id, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {(['en', 'cs'] as const).map((lang) => (
              <Stack key={lang} gap="xs">
                {TEXT_FIELDS.map((field) => {
                  const key = `${field}_${lang}` as const;
                  const Input = field === 'content' ? Textarea : TextInput;
                  return (
                    <Input
                      key={key}
                      label={t(`news.admin.fields.${key}`)}
                      value={form[key]}
                      {...(field === 'content' ? { minRows: 6, autosize: true } : {})}
                      onChange={(event) => setForm({ ...form, [key]: event.currentTarget.value })}
                    />
                  );
                })}
              </Stack>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateField
              label={t('news.admin.fields.publishFrom')}
              value={publishDay}
              onChange={(day) => setForm({ ...form, publishFrom: `${day}T${publishTime}` })}
            />
            <TimeField
              label={t('news.admin.fields.publishFromTime')}
              value={publishTime}
              onChange={(time) => setForm({ ...form, publishFrom: `${publishDay}T${time}` })}
            />
          </SimpleGrid>
          {isInvalid && <FormMessage>{t('news.admin.invalid')}</FormMessage>}
          {error && <FormMessage>{error.message}</FormMessage>}
          <Group>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('news.admin.save')}
            </Button>
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
