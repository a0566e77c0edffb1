import { Anchor } from '@mantine/core';
import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FullPageSpinner } from './FullPageSpinner.tsx';
import { SystemScreen } from './SystemScreen.tsx';

const triedKey = () => `kindling-server-page:${window.location.pathname}`;

/**
 * A public page the server renders itself (/pay/{id} is pay.html, docs/decisions/050-payment-requests.md):
 * reached by a link inside this app, it loads the address afresh so the server's page answers.
 * Tried once per address and tab, so a server that answers with this app again cannot loop.
 */
export function ServerPage({ title = 'Payment' }: { title?: string } = {}) {
  const [tried] = useState(() => window.sessionStorage.getItem(triedKey()) !== null);
  useEffect(() => {
    if (tried) return;
    window.sessionStorage.setItem(triedKey(), '1');
    window.location.replace(window.location.href);
  }, [tried]);
  if (!tried) return <FullPageSpinner />;
  return (
    <SystemScreen
      icon={<CreditCard size={28} />}
      title={title}
      body={<Anchor href={window.location.href}>Open the {title.toLowerCase()}</Anchor>}
    />
  );
}
