import { Container, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BLOG_INDEX, BLOG_POSTS } from '../content/blog-posts.ts';
import { NextLinks, PageHero } from './InfoPage.tsx';
import classes from './pages.module.css';

/** /blog: the four posts in docs/product/shell.md#public-site. */
export function BlogIndexPage() {
  return (
    <>
      <PageHero content={BLOG_INDEX} />
      <Container size="md" className={classes.prose}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb={48}>
          {BLOG_POSTS.map((post) => (
            <Paper key={post.path} withBorder radius="lg" p="lg" component="article">
              <Text size="xs" fw={700} tt="uppercase" className={classes.eyebrow}>
                {post.eyebrow.replace('Blog · ', '')}
              </Text>
              <Title order={2} size="h4" mt={6} mb="xs">
                <Link to={post.path} style={{ color: 'inherit' }}>
                  {post.title}
                </Link>
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {post.summary}
              </Text>
              <Text size="xs" c="dimmed">
                {post.minutes} min read
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <NextLinks links={BLOG_INDEX.links} />
      </Container>
    </>
  );
}
