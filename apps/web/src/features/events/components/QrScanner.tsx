// The phone camera reading ticket QR codes: the browser's BarcodeDetector where present, the jsQR
// decoder otherwise (docs/decisions/081-paypal-tickets-and-qr-fallback.md, which supersedes that part of
// decision 052). Without a camera the button is not offered and the typed code does the job.
import { Button, Stack, Text } from '@mantine/core';
import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { type FrameDecoder, frameDecoder, scannerKind } from './qr-decoders.ts';

/** The same code is not sent again within this time (the camera sees it many times a second). */
const REPEAT_MS = 3000;

export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef({ code: '', at: 0 });
  const kind = scannerKind();

  useEffect(() => {
    if (!on || !kind) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let decoder: FrameDecoder | null = null;
    const scan = async () => {
      if (stopped || !video.current || !decoder) return;
      try {
        const found = await decoder.decode(video.current);
        const now = Date.now();
        if (found && (found !== last.current.code || now - last.current.at > REPEAT_MS)) {
          last.current = { code: found, at: now };
          onCode(found);
        }
      } catch {
        // A frame the detector cannot read yet (the video still starting): try the next one.
      }
      if (!stopped) setTimeout(scan, 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        decoder = await frameDecoder();
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void scan();
      })
      .catch(() => {
        setProblem('The camera could not be opened. Type the code below instead.');
        setOn(false);
      });
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on, kind, onCode]);

  if (!kind) return null;
  return (
    <Stack gap="xs">
      <Button
        variant={on ? 'default' : 'filled'}
        leftSection={on ? <CameraOff size={16} aria-hidden /> : <Camera size={16} aria-hidden />}
        onClick={() => {
          setProblem(null);
          setOn((v) => !v);
        }}
      >
        {on ? 'Stop the camera' : 'Scan with the camera'}
      </Button>
      {on && (
        <video
          ref={video}
          muted
          playsInline
          style={{ width: '100%', maxHeight: 320, borderRadius: 8, background: '#000' }}
        />
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
