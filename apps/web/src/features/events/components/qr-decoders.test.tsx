// The check-in camera's decoder choice (docs/decisions/081-paypal-tickets-and-qr-fallback.md): the
// browser's BarcodeDetector when it reads QR codes, jsQR otherwise, no camera button without a camera;
// and jsQR reading a ticket's QR code as the e-ticket PDF draws it.

import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrScanner } from './QrScanner.tsx';
import { decodeImage, frameDecoder, scannerKind } from './qr-decoders.ts';

const camera = { mediaDevices: { getUserMedia: () => Promise.reject(new Error('no camera in tests')) } };
const detectorReading = (formats: string[]) =>
  Object.assign(
    class {
      detect = async () => [{ rawValue: 'native-code' }];
    },
    { getSupportedFormats: async () => formats },
  );

/** A QR code as camera pixels: black modules on white, 4 pixels a module, a 4-module quiet zone. */
function qrImage(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 4;
  const size = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
      if (dark) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  return { data, width: size, height: size };
}

afterEach(() => vi.unstubAllGlobals());

describe('the check-in camera decoder', () => {
  it('uses BarcodeDetector where present, jsQR where not, and nothing without a camera', () => {
    expect(scannerKind({})).toBeNull();
    expect(scannerKind({ navigator: {} })).toBeNull();
    expect(scannerKind({ navigator: camera })).toBe('js');
    expect(scannerKind({ navigator: camera, BarcodeDetector: detectorReading(['qr_code']) })).toBe('native');
  });

  it('reads with the browser when its detector knows QR codes, and loads jsQR when it does not', async () => {
    const native = await frameDecoder({ navigator: camera, BarcodeDetector: detectorReading(['qr_code', 'ean_13']) });
    expect(native.kind).toBe('native');
    expect(await native.decode({} as HTMLVideoElement)).toBe('native-code');
    const noQr = await frameDecoder({ navigator: camera, BarcodeDetector: detectorReading(['ean_13']) });
    expect(noQr.kind).toBe('js');
    const none = await frameDecoder({ navigator: camera });
    expect(none.kind).toBe('js');
    // A video with no frame yet reads nothing (and does not throw).
    expect(await none.decode({ videoWidth: 0 } as HTMLVideoElement)).toBeNull();
  });

  it('decodes a ticket code with jsQR', () => {
    const code = 'aZ3_k9-Qm2xT7pLw0sVb4cYe';
    expect(decodeImage(jsQR, qrImage(code))).toBe(code);
    expect(decodeImage(jsQR, { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 })).toBeNull();
  });

  it('offers the camera button on a phone without BarcodeDetector', () => {
    vi.stubGlobal('navigator', { ...navigator, ...camera });
    render(
      <MantineProvider>
        <QrScanner onCode={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Scan with the camera' })).toBeInTheDocument();
  });
});
