import { Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { KindlingSquareLogo, KindlingTextLogo, type LogoVariant } from '../Logo.tsx';
import { NextLinks, PageHero } from './InfoPage.tsx';
import classes from './pages.module.css';

const CONTENT = {
  eyebrow: 'Brand',
  title: 'Logo assets',
  lead: 'The Kindling text logo and square logo in the sizes and colour variants we use. Keep clear space around the mark equal to its corner radius, and do not recolour or stretch it.',
  sections: [],
  links: [
    { label: 'Press', to: '/press' },
    { label: 'About Kindling', to: '/about' },
  ],
};

/** Colour variants and the backgrounds they are meant for. */
const VARIANTS: Array<{ variant: LogoVariant; name: string; note: string; background: string; color: string }> = [
  {
    variant: 'color',
    name: 'Full colour on light',
    note: 'The default, on white or light backgrounds.',
    background: '#ffffff',
    color: '#1a1b1e',
  },
  {
    variant: 'color',
    name: 'Full colour on dark',
    note: 'The wordmark turns white on dark backgrounds.',
    background: '#1a1b1e',
    color: '#ffffff',
  },
  {
    variant: 'inverse',
    name: 'Inverse on brand orange',
    note: 'For orange panels and photographs.',
    background: '#c2410c',
    color: '#ffffff',
  },
  {
    variant: 'mono',
    name: 'One colour',
    note: 'For print, stamps and embroidery.',
    background: '#f1f3f5',
    color: '#212529',
  },
];

const SIZES = [16, 24, 32, 48, 64];

/**
 * /logos: the text logo and the square logo in several sizes and colour variants (docs/product/shell.md#public-site).
 */
export function LogosPage() {
  return (
    <>
      <PageHero content={CONTENT} size="lg" />
      <Container size="lg" className={classes.prose}>
        <Stack gap={48}>
          <section aria-labelledby="logo-variants">
            <Title order={2} size="h3" id="logo-variants" mb="md">
              Colour variants
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {VARIANTS.map((v) => (
                <Paper key={v.name} withBorder radius="lg" style={{ overflow: 'hidden' }}>
                  {/* The sample sets its own text colour, as the logo would sit on that background. */}
                  <Stack
                    align="center"
                    justify="center"
                    gap="lg"
                    p="xl"
                    mih={180}
                    style={{ background: v.background, color: v.color, ['--mantine-color-text' as string]: v.color }}
                  >
                    <KindlingTextLogo height={44} variant={v.variant} />
                    <KindlingSquareLogo height={56} variant={v.variant} />
                  </Stack>
                  <Stack gap={2} p="md">
                    <Text fw={600}>{v.name}</Text>
                    <Text size="sm" c="dimmed">
                      {v.note}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          </section>
          <section aria-labelledby="logo-sizes">
            <Title order={2} size="h3" id="logo-sizes" mb="md">
              Sizes
            </Title>
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="xl">
                <Group gap="xl" align="end">
                  {SIZES.map((size) => (
                    <Stack key={size} gap={6} align="center">
                      <KindlingSquareLogo height={size} />
                      <Text size="xs" c="dimmed">
                        {size} px
                      </Text>
                    </Stack>
                  ))}
                </Group>
                <Group gap="xl" align="end">
                  {SIZES.slice(1).map((size) => (
                    <Stack key={size} gap={6} align="flex-start">
                      <KindlingTextLogo height={size} />
                      <Text size="xs" c="dimmed">
                        {size} px tall
                      </Text>
                    </Stack>
                  ))}
                </Group>
              </Stack>
            </Paper>
          </section>
          <NextLinks links={CONTENT.links} />
        </Stack>
      </Container>
    </>
  );
}
