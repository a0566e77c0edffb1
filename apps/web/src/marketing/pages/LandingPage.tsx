import { Button, Container, Group, Text, Title } from '@mantine/core';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CampaignTypes, FeatureCards } from '../landing/FeatureSections.tsx';
import { Hero } from '../landing/Hero.tsx';
import classes from '../landing/landing.module.css';
import { AiSection, PaymentPartners } from '../landing/PaymentsAndAi.tsx';

function FinalCallToAction() {
  return (
    <section className={classes.section} aria-labelledby="cta-title">
      <Container size="lg">
        <div className={classes.cta}>
          <Title order={2} id="cta-title" fz={{ base: 28, sm: 40 }} lh={1.15} c="white">
            Ready to light the spark?
          </Title>
          <Text size="lg" mt="md" mb="xl" maw={560} mx="auto" c="white">
            Create your organisation in minutes and test every flow with the built-in sandbox before a single real
            payment.
          </Text>
          <Group justify="center" gap="sm">
            <Button
              component={Link}
              to="/signup"
              size="lg"
              variant="white"
              color="orange.9"
              rightSection={<ArrowRight size={18} aria-hidden />}
            >
              Sign up free
            </Button>
            <Button component={Link} to="/pricing" size="lg" variant="outline" color="white">
              See pricing
            </Button>
            <Button component={Link} to="/resources" size="lg" variant="subtle" color="white">
              Browse resources
            </Button>
          </Group>
        </div>
      </Container>
    </section>
  );
}

/** The public landing page in docs/product/shell.md#public-site. */
export function LandingPage() {
  return (
    <>
      <title>Kindling · Open-source fundraising for non-profits</title>
      <Hero />
      <FeatureCards />
      <CampaignTypes />
      <PaymentPartners />
      <AiSection />
      <FinalCallToAction />
    </>
  );
}
