import { canReach, type TKbSummary } from '@kindling/contracts';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, LibraryBig, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { ListMessage, ListSearchInput, useSearchText } from '../../../system/list/index.ts';
import { kbQueries } from '../api/knowledge-base.queries.ts';
import { ArticleEditor } from '../components/ArticleEditor.tsx';
import { ArticleView } from '../components/ArticleView.tsx';

const ENTRY = pageEntry('/dashboard/crm/knowledge-base') ?? {
  section: 'CRM',
  title: 'Knowledge base',
  description: 'How each part of Kindling works, and your own articles.',
  emptyTitle: 'No articles yet',
};

function ArticleCard({ article, onOpen }: { article: TKbSummary; onOpen: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="filled" color={article.kind === 'own' ? 'teal.9' : 'blue.8'}>
            {article.area}
          </Badge>
        </Group>
        <Anchor component="button" type="button" fw={600} ta="left" onClick={onOpen}>
          {article.title}
        </Anchor>
        <Text size="sm" c="dimmed">
          {article.excerpt}
        </Text>
      </Stack>
    </Card>
  );
}

function ArticleList({ q, onOpen }: { q: string; onOpen: (key: string) => void }) {
  const session = useSession();
  const list = useQuery(kbQueries.list(session.selectedNpo?.id ?? null, q));
  if (list.isError)
    return (
      <LoadError
        title="The knowledge base could not be loaded"
        message="Please try again."
        retrying={list.isFetching}
        onRetry={() => list.refetch()}
      />
    );
  if (list.isPending)
    return (
      <Stack gap="sm" role="status" aria-label="Loading articles">
        <Skeleton h={88} />
        <Skeleton h={88} />
      </Stack>
    );
  const articles = list.data.articles;
  if (articles.length === 0)
    return (
      <ListMessage
        icon={<LibraryBig size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
        title={q ? `No articles match “${q}”` : ENTRY.emptyTitle || 'No articles yet'}
        hint={q ? 'Try other words, or clear the search to see every article.' : undefined}
      />
    );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {q
          ? `${articles.length} ${articles.length === 1 ? 'article matches' : 'articles match'} “${q}”`
          : `${articles.length} articles`}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Articles">
        {articles.map((a) => (
          <ArticleCard key={`${a.kind}-${a.key}`} article={a} onOpen={() => onOpen(a.key)} />
        ))}
      </Stack>
    </Stack>
  );
}

function OpenArticle({ articleKey, canEdit, onClose }: { articleKey: string; canEdit: boolean; onClose: () => void }) {
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const article = useQuery(kbQueries.article(session.selectedNpo?.id ?? null, articleKey));
  if (article.isError)
    return (
      <LoadError
        title="The article could not be opened"
        message="It may have been deleted. Go back to the list, or try again."
        retrying={article.isFetching}
        onRetry={() => article.refetch()}
      />
    );
  if (article.isPending) return <Skeleton h={240} role="status" aria-label="Loading the article" />;
  if (editing) return <ArticleEditor article={article.data} onDone={() => setEditing(false)} />;
  return <ArticleView article={article.data} canEdit={canEdit} onEdit={() => setEditing(true)} onDeleted={onClose} />;
}

/**
 * /dashboard/crm/knowledge-base (docs/product/knowledge-base.md): Kindling's help articles and the
 * organisation's own, searched together; the admin group writes the organisation's own.
 */
export function KnowledgeBasePage() {
  const session = useSession();
  const canEdit = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const open = params.get('article');
  const [writing, setWriting] = useState(false);
  const go = (next: { q?: string; article?: string | null }) => {
    const search = new URLSearchParams();
    const query = next.q ?? q;
    if (query) search.set('q', query);
    if (next.article) search.set('article', next.article);
    setParams(search);
  };
  const [text, setText] = useSearchText(q, (search) => go({ q: search, article: null }));
  let body: React.ReactNode;
  if (writing)
    body = (
      <ArticleEditor
        article={null}
        onDone={(key) => {
          setWriting(false);
          if (key) go({ article: key });
        }}
      />
    );
  else if (open)
    body = (
      <Stack gap="sm">
        <Group>
          <Button
            variant="subtle"
            leftSection={<ArrowLeft size={14} aria-hidden />}
            onClick={() => go({ article: null })}
          >
            All articles
          </Button>
        </Group>
        <OpenArticle key={open} articleKey={open} canEdit={canEdit} onClose={() => go({ article: null })} />
      </Stack>
    );
  else body = <ArticleList q={q} onOpen={(key) => go({ article: key })} />;
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        canEdit && !writing ? (
          <Button leftSection={<Plus size={14} aria-hidden />} onClick={() => setWriting(true)}>
            New article
          </Button>
        ) : null
      }
    >
      <Stack gap="md">
        <search>
          <ListSearchInput
            label="Search the knowledge base"
            placeholder="Search articles, for example refunds"
            value={text}
            onChange={setText}
          />
        </search>
        {body}
      </Stack>
    </PageFrame>
  );
}
