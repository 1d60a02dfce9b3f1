import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `url` (the receiver's handover form), drawn in the browser. */
export function HandoverQr({ url, label }: { url: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(url, { margin: 1, width: 160 }).then((data) => {
      if (live) setSrc(data);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return src ? <img src={src} alt={label} width={160} height={160} className="rounded-md border" /> : null;
}
