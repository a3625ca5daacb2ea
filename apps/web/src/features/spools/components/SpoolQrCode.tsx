import { Image, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** A QR code of an address, drawn as SVG; `qrcode` loads only when a label is shown. */
export function SpoolQrCode({
  address,
  size,
  alt,
}: {
  address: string;
  size: number;
  alt: string;
}) {
  const [svgDataUrl, setSvgDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode').then(async (qrcode) => {
      const svg = await qrcode.toString(address, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      if (isCurrent) setSvgDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [address]);
  if (!svgDataUrl) return <Skeleton w={size} h={size} />;
  return (
    <Image
      src={svgDataUrl}
      w={size}
      h={size}
      bg="white"
      alt={alt}
      data-testid="spool-qr"
      data-address={address}
    />
  );
}
