// The event's images on the public page (docs/product/events.md#public-page, docs/decisions/089-event-images.md):
// the first as the hero, loaded at once; the others in a strip of small, lazily loaded pictures. Each has its
// width and height (no layout shift) and its WebP variants as a srcset, so a phone downloads the small one.
import type { TEventImage, TPublicEvent } from '@kindling/contracts/events.ts';

const sizeOf = (image: TEventImage) =>
  image.width && image.height ? { width: image.width, height: image.height } : {};

export function EventImages({ event }: { event: TPublicEvent }) {
  const images: TEventImage[] =
    event.images ??
    (event.image_url ? [{ url: event.image_url, alt: '', width: null, height: null, srcset: null }] : []);
  const [hero, ...others] = images;
  if (!hero) return null;
  return (
    <>
      <img
        className="ke-image"
        src={hero.url}
        srcSet={hero.srcset ?? undefined}
        sizes="(max-width: 720px) 100vw, 720px"
        alt={hero.alt}
        {...sizeOf(hero)}
        fetchPriority="high"
      />
      {others.length > 0 && (
        <ul className="ke-strip" aria-label="More images">
          {others.map((image) => (
            <li key={image.url}>
              <img
                src={image.url}
                srcSet={image.srcset ?? undefined}
                sizes="240px"
                alt={image.alt}
                {...sizeOf(image)}
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
