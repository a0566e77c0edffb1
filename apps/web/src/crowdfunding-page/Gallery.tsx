// The media gallery (docs/product/crowdfunding.md#gallery): previous/next arrows that wrap around, dots when
// there is more than one image, and the Raised / Goal overlay.
import type { TCrowdfundingPage } from '@kindling/contracts/crowdfunding.ts';
import { STORY_IMAGE_SIZES } from '@kindling/contracts/crowdfunding-rules.ts';
import { useState } from 'react';
import type { CfFormat } from './cf-format.ts';

export const wrapIndex = (index: number, count: number) => (count === 0 ? 0 : ((index % count) + count) % count);

export function Gallery({ page, format }: { page: TCrowdfundingPage; format: CfFormat }) {
  const [index, setIndex] = useState(0);
  const images = page.images;
  const count = images.length;
  const image = images[wrapIndex(index, count)];
  const go = (step: number) => setIndex((i) => wrapIndex(i + step, count));
  return (
    <section className="cf-gallery" aria-roledescription="carousel" aria-label="Campaign images">
      <div className="cf-gallery-frame">
        {image ? (
          <img
            src={image.url}
            srcSet={image.srcset ?? undefined}
            sizes={image.srcset ? STORY_IMAGE_SIZES : undefined}
            alt={image.alt}
            width={image.width ?? 480}
            height={image.height ?? 270}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
        ) : (
          <div className="cf-gallery-empty" aria-hidden="true" />
        )}
        {count > 1 && (
          <>
            <button type="button" className="cf-arrow cf-prev" aria-label="Previous image" onClick={() => go(-1)}>
              ‹
            </button>
            <button type="button" className="cf-arrow cf-next" aria-label="Next image" onClick={() => go(1)}>
              ›
            </button>
          </>
        )}
        <p className="cf-overlay">
          <span>
            Raised <strong>{format.raised(page.raised_minor)}</strong>
          </span>
          <span>
            Goal <strong>{format.raised(page.goal_minor)}</strong>
          </span>
        </p>
      </div>
      {count > 1 && (
        <div className="cf-dots">
          {images.map((img, i) => (
            <button
              key={img.url}
              type="button"
              className="cf-dot"
              aria-label={`Image ${i + 1} of ${count}`}
              aria-current={i === wrapIndex(index, count) ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
