import { notifications } from '@mantine/notifications';

/** A toast whose close button has a name (Mantine's has none, which axe counts as critical). */
export function toast(color: 'green' | 'red', message: string, title?: string): void {
  notifications.show({ color, message, title, closeButtonProps: { 'aria-label': 'Dismiss notification' } });
}
