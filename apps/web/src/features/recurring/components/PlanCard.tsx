// The card a recurring plan is charged to, for staff (/dashboard/recurring-plan/{id}) and the donor
// (portal, /recurring-edit/{id}): brand, •••• last four, expiry, and a badge when it expires soon
// (the months of the card-expiring e-mail) or has expired. The server decides which (plan.card).
import { cardBrandName, type TPlanCard } from '@kindling/contracts';
import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { CalendarX, Clock } from 'lucide-react';

/** "08/2031", or null when the expiry is not known. */
export const cardExpiry = (card: TPlanCard): string | null =>
  card.exp_month && card.exp_year ? `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : null;

/** "Expires soon" or "Expired" as a word and an icon; nothing for a card that is fine or unknown. */
export function CardExpiryBadge({ card, size = 'sm' }: { card: TPlanCard; size?: 'xs' | 'sm' }) {
  if (card.expiry !== 'expiring' && card.expiry !== 'expired') return null;
  const expired = card.expiry === 'expired';
  return (
    // The tint says the colour; the text stays the body colour so it keeps its contrast.
    <Badge
      size={size}
      color={expired ? 'red' : 'orange'}
      variant="light"
      c="var(--mantine-color-text)"
      leftSection={expired ? <CalendarX size={12} aria-hidden /> : <Clock size={12} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {expired ? 'Card expired' : 'Card expires soon'}
    </Badge>
  );
}

/** "Visa •••• 4242" (read as "Visa ending 4242"). */
export function CardName({ card }: { card: TPlanCard }) {
  return (
    <>
      {cardBrandName(card.brand)}
      {card.last4 ? (
        <>
          {' '}
          <span aria-hidden>•••• </span>
          <VisuallyHidden>ending </VisuallyHidden>
          {card.last4}
        </>
      ) : null}
    </>
  );
}

const PROVIDER_METHODS: Record<string, string> = { paypal: 'PayPal' };

/**
 * The plan's payment method: its card with the expiry and a badge, "PayPal" for a vault token,
 * "No card on file" when nothing is saved, or a card whose details are not known yet.
 */
export function PlanCard({
  card,
  provider,
  hasMethod,
}: {
  card: TPlanCard | null;
  provider: string;
  hasMethod: boolean;
}) {
  if (!hasMethod) return <Text size="sm">No card on file</Text>;
  if (!card) {
    const other = PROVIDER_METHODS[provider];
    return (
      <Stack gap={0}>
        <Text size="sm">{other ?? 'Card'}</Text>
        {other ? null : (
          <Text size="xs" c="dimmed">
            Card details not known yet
          </Text>
        )}
      </Stack>
    );
  }
  const expiry = cardExpiry(card);
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">
        <CardName card={card} />
      </Text>
      {expiry || card.expiry !== 'unknown' ? (
        <Group gap="xs" wrap="wrap">
          {expiry ? (
            <Text size="xs" c="dimmed">
              {card.expiry === 'expired' ? 'Expired' : 'Expires'} {expiry}
            </Text>
          ) : null}
          <CardExpiryBadge card={card} size="xs" />
        </Group>
      ) : null}
    </Stack>
  );
}
