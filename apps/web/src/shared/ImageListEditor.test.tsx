// The shared image list editor (crowdfunding gallery, event images): an upload adds the image at the end,
// alt text is typed per image, an image is removed, and the upload button stops at the limit.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { type ImageItem, ImageListEditor } from './ImageListEditor.tsx';

function Harness({ upload, max }: { upload: (file: File) => Promise<string>; max?: number }) {
  const [images, setImages] = useState<ImageItem[]>([{ key: 'a', url: '/uploads/1/events/a.jpg', alt: 'Hall' }]);
  return (
    <>
      <ImageListEditor
        images={images}
        onChange={setImages}
        upload={upload}
        empty="No images yet."
        hint="JPEG"
        max={max}
      />
      <output data-testid="saved">{JSON.stringify(images.map(({ url, alt }) => [url, alt]))}</output>
    </>
  );
}

describe('ImageListEditor', () => {
  it('adds an upload at the end, takes its alt text, removes an image, and stops at the limit', async () => {
    const upload = vi.fn(async () => '/uploads/1/events/b.jpg');
    renderRoutes([{ path: '/', element: <Harness upload={upload} max={2} /> }]);
    const user = userEvent.setup();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'band.jpg', { type: 'image/jpeg' }));
    await user.type(await screen.findByRole('textbox', { name: 'Alt text of image 2' }), 'The band');
    expect(screen.getByTestId('saved')).toHaveTextContent(
      JSON.stringify([
        ['/uploads/1/events/a.jpg', 'Hall'],
        ['/uploads/1/events/b.jpg', 'The band'],
      ]),
    );
    expect(screen.getByRole('button', { name: 'Upload an image' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByTestId('saved')).toHaveTextContent(JSON.stringify([['/uploads/1/events/b.jpg', 'The band']]));
    expect(screen.getByRole('button', { name: 'Upload an image' })).toBeEnabled();
  }, 60_000);

  it('says why an upload failed and keeps the list', async () => {
    const upload = vi.fn(async () => {
      throw new Error('We could not read this image. Upload a JPEG, PNG or WebP image.');
    });
    renderRoutes([{ path: '/', element: <Harness upload={upload} /> }]);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.setup().upload(input, new File(['x'], 'notes.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not read this image.');
    expect(screen.getByTestId('saved')).toHaveTextContent(JSON.stringify([['/uploads/1/events/a.jpg', 'Hall']]));
  }, 60_000);
});
