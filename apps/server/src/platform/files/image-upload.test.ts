import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-upload.ts';

describe('imageTypeOf', () => {
  it('knows JPEG, PNG and WebP by their first bytes, whatever the file is called', () => {
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpg');
    expect(imageTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageTypeOf(Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')]))).toBe(
      'webp',
    );
  });

  it('refuses GIF, SVG, a RIFF that is not WebP, and truncated headers', () => {
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeNull();
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(
      imageTypeOf(Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WAVE')])),
    ).toBeNull();
    expect(imageTypeOf(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});
