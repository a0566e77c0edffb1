import { Anchor, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { KindlingTextLogo } from './Logo.tsx';
import classes from './marketing.module.css';
import { SITE } from './site-config.ts';

/** Footer columns in docs/product/shell.md#public-site. */
export const FOOTER_COLUMNS = [
  {
    heading: 'Product',
    links: [
      { label: 'Features', to: '/features' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'Resources', to: '/resources' },
      { label: 'Case studies', to: '/case-studies' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Careers', to: '/careers' },
      { label: 'Blog', to: '/blog' },
      { label: 'Press', to: '/press' },
    ],
  },
  {
    heading: 'Support',
    links: [
      { label: 'Help centre', to: '/help' },
      { label: 'Documentation', to: '/documentation' },
      { label: 'API reference', to: '/api-reference' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
      { label: 'Security', to: '/security' },
      { label: 'Compliance', to: '/compliance' },
    ],
  },
] as const;

export function PublicFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="xl" verticalSpacing="xl">
          <Stack gap="sm" style={{ gridColumn: 'span 2' }} maw={320}>
            <Link to="/" aria-label="Kindling home" className={classes.brand}>
              <KindlingTextLogo height={28} />
            </Link>
            <Text size="sm" c="dimmed">
              {SITE.tagline} Donation forms, recurring giving, events and a donor CRM in one place.
            </Text>
            <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Social links">
              {SITE.social.map((item) => (
                <li key={item.href}>
                  <Anchor href={item.href} size="sm" aria-label={item.label} className={classes.footerLink}>
                    {item.short} <ExternalLink size={12} aria-hidden />
                  </Anchor>
                </li>
              ))}
            </Group>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2 className={classes.footerHeading}>{column.heading}</h2>
              <ul className={classes.footerList}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={classes.footerLink}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={48}>
          © {new Date().getFullYear()} Kindling contributors. Free software under the GNU AGPL v3 or later.
        </Text>
      </Container>
    </footer>
  );
}
