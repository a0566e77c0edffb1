// A tribute gift on the staff donation page (docs/decisions/037-conversion-features.md).
import { type TDonationDetail, TRIBUTE_LABELS } from '@kindling/contracts';
import { Fact, FactCard, useDonationBits } from './donation-bits.tsx';

export function TributeCard({ d }: { d: TDonationDetail }) {
  const { when } = useDonationBits();
  const t = d.tribute;
  if (!t) return null;
  return (
    <FactCard title="Tribute">
      <Fact label={TRIBUTE_LABELS[t.type]}>{t.honoree_name}</Fact>
      <Fact label="E-card to">
        {t.recipient_email ? `${t.recipient_name || '—'} · ${t.recipient_email}` : 'No e-card'}
      </Fact>
      {t.recipient_email && <Fact label="E-card sent">{when(d.tribute_ecard_sent_at)}</Fact>}
      <Fact label="Message">{t.message || '—'}</Fact>
    </FactCard>
  );
}
