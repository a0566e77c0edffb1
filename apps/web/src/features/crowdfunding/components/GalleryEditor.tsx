import { ImageListEditor } from '../../../shared/ImageListEditor.tsx';
import { uploadGalleryImage } from '../api/crowdfunding.queries.ts';
import type { ImageForm } from './settings-form.ts';

/** The page's gallery: upload, drag (or keyboard) to reorder, alt text; IMAGE1… in the story follow this order. */
export function GalleryEditor({
  campaignId,
  images,
  onChange,
}: {
  campaignId: number;
  images: ImageForm[];
  onChange: (images: ImageForm[]) => void;
}) {
  return (
    <ImageListEditor
      images={images}
      onChange={onChange}
      upload={async (file) => (await uploadGalleryImage(campaignId, file)).image_url}
      empty="No images yet. The first image leads the page's gallery."
      hint="JPEG, PNG or WebP up to 5 MB, resized for phones (WebP 480, 960 and 1600 px wide)."
    />
  );
}
