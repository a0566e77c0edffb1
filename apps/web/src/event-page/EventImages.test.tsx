// The event page's images (docs/decisions/089-event-images.md): the first as the hero with its size and
// WebP srcset, the others in a strip loaded lazily, each with the alt text staff gave.
import type { TPublicEvent } from '@kindling/contracts/events.ts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventImages } from './EventImages.tsx';

const base = { image_url: '/uploads/1/events/a.jpg' } as TPublicEvent;
const image = (name: string, alt: string, srcset: string | null = `/uploads/1/events/${name}-w480.webp 480w`) => ({
  url: `/uploads/1/events/${name}.jpg`,
  alt,
  width: 1600,
  height: 900,
  srcset,
});

describe('the event page images', () => {
  it('shows the first image as the hero and the others in a strip, in order, with sizes and variants', () => {
    render(
      <EventImages
        event={{
          ...base,
          images: [image('a', 'Tables set for dinner'), image('b', 'Pumpkins'), image('c', 'The band')],
        }}
      />,
    );
    const hero = screen.getByRole('img', { name: 'Tables set for dinner' });
    expect(hero).toHaveAttribute('srcset', '/uploads/1/events/a-w480.webp 480w');
    expect(hero).toHaveAttribute('width', '1600');
    expect(hero).toHaveAttribute('height', '900');
    expect(hero).not.toHaveAttribute('loading', 'lazy');
    const strip = within(screen.getByRole('list', { name: 'More images' }));
    const others = strip.getAllByRole('img');
    expect(others.map((i) => i.getAttribute('alt'))).toEqual(['Pumpkins', 'The band']);
    expect(others.every((i) => i.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('shows one image without a strip, an image without variants plainly, and nothing without images', () => {
    const { unmount } = render(<EventImages event={{ ...base, images: [image('a', 'Poster', null)] }} />);
    expect(screen.getByRole('img', { name: 'Poster' })).not.toHaveAttribute('srcset');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    unmount();
    const { container } = render(<EventImages event={{ ...base, image_url: '', images: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
