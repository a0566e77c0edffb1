import { MESSAGES } from '@kindling/contracts';
import { Button } from '@mantine/core';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { SystemScreen } from './SystemScreen.tsx';

/** /unauthorized (docs/product/shell.md#system-screens): the Back button returns to the previous page. */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <SystemScreen
      icon={<ShieldAlert size={28} />}
      color="red"
      title={MESSAGES.unauthorizedTitle}
      body={MESSAGES.unauthorizedBody}
      actions={
        <Button leftSection={<ArrowLeft size={16} />} variant="default" onClick={() => navigate(-1)}>
          Back
        </Button>
      }
    />
  );
}
