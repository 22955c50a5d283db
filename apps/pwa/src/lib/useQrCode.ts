import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `text` as an SVG data URL, made on the device (no network). null until it is ready. */
export function useQrCode(text: string): string | null {
  const [svg, setSvg] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((markup) => {
      if (live) setSvg({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
    });
    return () => {
      live = false;
    };
  }, [text]);
  return svg?.text === text ? svg.url : null;
}
