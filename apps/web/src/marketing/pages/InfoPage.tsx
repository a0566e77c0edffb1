import { Anchor, Button, Container, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ArrowRight, Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { INFO_PAGES } from '../content/index.ts';
import type { InfoLink, InfoPageContent } from '../content/types.ts';
import classes from './pages.module.css';

const isExternal = (to: string) => /^(https?:|mailto:)/.test(to);

/** An app link or an outside address, with the same look. */
export function SmartLink({ link, className, children }: { link: InfoLink; className?: string; children: ReactNode }) {
  if (isExternal(link.to)) {
    return (
      <Anchor href={link.to} className={className} underline="never">
        {children}
      </Anchor>
    );
  }
  return (
    <Link to={link.to} className={className}>
      {children}
    </Link>
  );
}

/** Title band of a public page: area label, heading, opening paragraph and the main action. */
export function PageHero({
  content,
  meta,
  size = 'md',
}: {
  content: InfoPageContent;
  meta?: string;
  /** Width of the page body below, so the edges line up. */
  size?: 'md' | 'lg';
}) {
  const primary = content.primary;
  return (
    <div className={classes.hero}>
      <title>{`${content.title} · Kindling`}</title>
      <Container size={size}>
        <Stack gap="md">
          <Text className={classes.eyebrow}>{content.eyebrow}</Text>
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
            {content.title}
          </Title>
          {meta && (
            <Text size="sm" c="dimmed">
              {meta}
            </Text>
          )}
          <Text size="lg" c="dimmed" maw={680}>
            {content.lead}
          </Text>
          {primary && (
            <div>
              {isExternal(primary.to) ? (
                <Button component="a" href={primary.to} size="md" rightSection={<ArrowRight size={16} aria-hidden />}>
                  {primary.label}
                </Button>
              ) : (
                <Button component={Link} to={primary.to} size="md" rightSection={<ArrowRight size={16} aria-hidden />}>
                  {primary.label}
                </Button>
              )}
            </div>
          )}
        </Stack>
      </Container>
    </div>
  );
}

/** "Where next" links at the end of a page. */
export function NextLinks({ links }: { links: InfoLink[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="next-links">
      <Title order={2} size="h3" id="next-links" mb="md">
        Where next
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {links.map((link) => (
          <SmartLink key={link.to} link={link} className={classes.linkCard}>
            {link.label}
            <ArrowRight size={16} aria-hidden />
          </SmartLink>
        ))}
      </SimpleGrid>
    </section>
  );
}

export function InfoBody({ content }: { content: InfoPageContent }) {
  return (
    <Container size="md" className={classes.prose}>
      <Stack gap={40}>
        {content.sections.map((section) => (
          <section key={section.heading}>
            <Title order={2} size="h3" mb="sm">
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} mb="sm">
                {paragraph}
              </Text>
            ))}
            {section.bullets && (
              <List
                spacing="xs"
                mt="sm"
                icon={<Check size={16} color="var(--mantine-color-teal-7)" aria-hidden />}
                center
              >
                {section.bullets.map((bullet) => (
                  <List.Item key={bullet}>{bullet}</List.Item>
                ))}
              </List>
            )}
          </section>
        ))}
        <NextLinks links={content.links} />
      </Stack>
    </Container>
  );
}

/** A text page of the public site, chosen by the current path (content/index.ts). */
export function InfoPage() {
  const { pathname } = useLocation();
  const content = INFO_PAGES[pathname.replace(/\/+$/, '') || '/'];
  if (!content) {
    // Only reachable if a route is added without content; say so rather than render nothing.
    return (
      <PageHero
        content={{
          eyebrow: 'Kindling',
          title: 'Page not found',
          lead: 'This page does not exist.',
          sections: [],
          links: [],
        }}
      />
    );
  }
  const minutes = 'minutes' in content ? (content.minutes as number) : undefined;
  return (
    <>
      <PageHero content={content} meta={minutes ? `${minutes} min read` : undefined} />
      <InfoBody content={content} />
    </>
  );
}
