import { Drawer } from '@mantine/core';
import { KindlingTextLogo } from '../marketing/Logo.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useDragToClose } from './use-drawer-gestures.ts';

type MobileNavDrawerProps = { opened: boolean; onClose: () => void };

/**
 * The sidebar as a slide-in drawer under 768 px. Mantine's Drawer gives the dialog semantics, focus
 * trap, Escape and overlay click; the drag-left gesture is ours.
 */
export function MobileNavDrawer({ opened, onClose }: MobileNavDrawerProps) {
  const drag = useDragToClose(onClose);
  return (
    <Drawer.Root opened={opened} onClose={onClose} size={288} position="left">
      <Drawer.Overlay />
      <Drawer.Content data-testid="nav-drawer" {...drag}>
        <Drawer.Header>
          <Drawer.Title>
            <KindlingTextLogo height={26} />
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close navigation" />
        </Drawer.Header>
        <Drawer.Body p={0} h="calc(100% - 60px)">
          <nav aria-label="Main navigation" style={{ height: '100%' }}>
            <Sidebar />
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
