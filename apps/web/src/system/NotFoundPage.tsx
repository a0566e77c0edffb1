import { Button, Group } from '@mantine/core';
import { SearchX } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { SystemScreen } from './SystemScreen.tsx';

/** Any unknown path (docs/product/sign-in.md#public-routes). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <SystemScreen
      icon={<SearchX size={28} />}
      title="Page not found"
      body={`There is no page at ${pathname}. Check the address, or start again from the home page.`}
      actions={
        <Group justify="center">
          <Button component={Link} to="/">
            Go to the home page
          </Button>
          <Button component={Link} to="/help" variant="default">
            Get help
          </Button>
        </Group>
      }
    />
  );
}
