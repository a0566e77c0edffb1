import { ActionIcon, Affix } from '@mantine/core';
import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AssistantPanel } from '../features/insights/assistant/AssistantPanel.tsx';
import { OPEN_ASSISTANT_EVENT } from '../features/insights/assistant/open-assistant.ts';
import { useSession } from '../session';
import { canReachPath } from './route-access.ts';

const INSIGHTS_PATH = '/dashboard/crm/ai-insights';

/**
 * The floating assistant button shown whenever a role is set (docs/product/shell.md#assistant-button).
 * It opens the insights assistant (docs/product/insights.md#assistant) for the roles that reach the AI
 * insights; other roles (peer fundraisers) are told where the assistant lives instead of a panel
 * whose calls they may not make.
 */
export function AssistantButton() {
  const session = useSession();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const open = () => setOpened(true);
    window.addEventListener(OPEN_ASSISTANT_EVENT, open);
    return () => window.removeEventListener(OPEN_ASSISTANT_EVENT, open);
  }, []);
  if (session.role === null) return null;
  const reachable = canReachPath(INSIGHTS_PATH, session.role, session.roleName);
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
        <ActionIcon
          size={52}
          radius="xl"
          variant="filled"
          aria-label={opened ? 'Close assistant' : 'Open assistant'}
          aria-expanded={opened}
          disabled={!reachable}
          title={reachable ? undefined : 'The insights assistant is for organisation staff'}
          onClick={() => setOpened((value) => !value)}
          style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        >
          <Sparkles size={24} aria-hidden />
        </ActionIcon>
      </Affix>
      {opened && reachable && <AssistantPanel onClose={() => setOpened(false)} />}
    </>
  );
}
