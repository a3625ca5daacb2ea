import { Image, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const QR_SIZE_PX = 192;

/**
 * The authenticator-app address as a QR code to scan with a phone. The `qrcode` package is
 * loaded only when two-factor setup starts, so it adds nothing to the other pages.
 */
export function OtpauthQrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [svgDataUrl, setSvgDataUrl] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void import('qrcode').then(async (qrcode) => {
      const svg = await qrcode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      if (isCurrent) setSvgDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [uri]);

  if (!svgDataUrl) return <Skeleton w={QR_SIZE_PX} h={QR_SIZE_PX} />;
  return (
    <Image
      src={svgDataUrl}
      w={QR_SIZE_PX}
      h={QR_SIZE_PX}
      bg="white"
      alt={t('security.twoFactor.qrAlt')}
      data-testid="two-factor-qr"
    />
  );
}
