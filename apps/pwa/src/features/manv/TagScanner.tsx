import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { manvDe } from '../../i18n/manv.de';
import { decodeTagFrame, nativeDetector } from './decodeTag';

const t = manvDe.scanner;
/** Frames tried before the screen says the code cannot be read and asks to type. */
const attemptsBeforeHint = 40;

interface Props {
  opened: boolean;
  onClose: () => void;
  onRead: (text: string) => void;
}

/**
 * Scans a tag with the tablet camera: BarcodeDetector where the browser has it, else ZXing on
 * canvas frames. No camera, a refusal or an unreadable code leave the typed number as the way on.
 */
export function TagScanner({ opened, onClose, onRead }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<'noCamera' | 'unreadable' | null>(null);

  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    // An object, not a `let`: the loop reads it after awaits, when the cleanup may have set it.
    const run = { stopped: false };
    const stopped = () => run.stopped;
    let attempts = 0;
    const canvas = document.createElement('canvas');
    const detector = nativeDetector();

    const readFrame = async (element: HTMLVideoElement): Promise<string | null> => {
      if (detector) {
        const codes = await detector.detect(element);
        return codes[0]?.rawValue.trim() || null;
      }
      canvas.width = element.videoWidth;
      canvas.height = element.videoHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context || canvas.width === 0) return null;
      context.drawImage(element, 0, 0);
      const result = await decodeTagFrame(context.getImageData(0, 0, canvas.width, canvas.height));
      if (result.status === 'unreadable') setProblem('unreadable');
      return result.status === 'read' ? result.text : null;
    };

    const loop = async () => {
      while (!stopped()) {
        const element = video.current;
        if (element && element.readyState >= 2) {
          const text = await readFrame(element).catch(() => null);
          if (stopped()) return;
          if (text) {
            onRead(text);
            return;
          }
          attempts += 1;
          if (attempts === attemptsBeforeHint) setProblem('unreadable');
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    };

    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped() || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        void loop();
      } catch {
        setProblem('noCamera');
      }
    })();
    return () => {
      run.stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
      setProblem(null);
    };
  }, [opened, onRead]);

  return (
    <Modal opened={opened} onClose={onClose} title={t.title} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t.hint}</Text>
        <video ref={video} muted playsInline style={{ width: '100%', maxHeight: '60vh', background: '#000' }} data-testid="manv-scanner-video" />
        {problem && <Alert color="orange" role="status">{t[problem]}</Alert>}
        <Button variant="default" onClick={onClose}>{t.close}</Button>
      </Stack>
    </Modal>
  );
}
