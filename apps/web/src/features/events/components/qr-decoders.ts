// How the check-in screen reads a QR code from the camera (docs/decisions/081-paypal-tickets-and-qr-fallback.md):
// the browser's BarcodeDetector where it reads QR codes, else the jsQR decoder, loaded only then (its
// own chunk), else no camera at all (the typed code and the name search still work).

export type FrameDecoder = { kind: 'native' | 'js'; decode: (video: HTMLVideoElement) => Promise<string | null> };
type Detector = { detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>> };
type DetectorClass = (new (options: {
  formats: string[];
}) => Detector) & {
  getSupportedFormats?: () => Promise<string[]>;
};
type Env = {
  BarcodeDetector?: DetectorClass;
  navigator?: { mediaDevices?: { getUserMedia?: unknown } };
  document?: Document;
};

/** Which decoder the camera button would use here; null when the browser cannot open a camera. */
export function scannerKind(env: Env = globalThis as Env): 'native' | 'js' | null {
  if (typeof env.navigator?.mediaDevices?.getUserMedia !== 'function') return null;
  return env.BarcodeDetector ? 'native' : 'js';
}

/** A decoder for video frames; the native one when it can read QR codes, otherwise jsQR. */
export async function frameDecoder(env: Env = globalThis as Env): Promise<FrameDecoder> {
  const Native = env.BarcodeDetector;
  // Some browsers ship BarcodeDetector without QR codes (or without any format on desktop).
  const readsQr = Native ? ((await Native.getSupportedFormats?.().catch(() => [])) ?? ['qr_code']) : [];
  if (Native && readsQr.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return { kind: 'native', decode: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = (env.document ?? document).createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'js',
    decode: async (video) => {
      if (!context || video.videoWidth === 0) return null;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      return decodeImage(jsQR, frame);
    },
  };
}

type JsQr = (data: Uint8ClampedArray, width: number, height: number, options?: object) => { data: string } | null;

/** One frame through jsQR; a ticket's QR code is dark on light, so the inverted pass is skipped. */
export const decodeImage = (jsQR: JsQr, frame: { data: Uint8ClampedArray; width: number; height: number }) =>
  jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
