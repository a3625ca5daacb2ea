import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';

/**
 * The virtual printer's TLS identity: a self-signed certificate with `CN = <serial>` and no IP
 * in the SAN, as a real printer's leaf (OpenBambuAPI `tls.md`; reference §1.2). The keys in
 * `certs/` were made for this simulator only (openssl req -x509, RSA 2048) and protect nothing.
 * `rekeyed` is the same printer after a firmware update that re-keyed it.
 */
export interface PrinterCertificate {
  key: string;
  cert: string;
  /** SHA-256 of the DER certificate, as `tls` reports `fingerprint256` */
  fingerprint256: string;
}

/** The serial the bundled certificates name. */
export const CERTIFICATE_SERIAL = '01P00A451601106';

function load(name: 'printer' | 'rekeyed'): PrinterCertificate {
  const folder = new URL('./certs/', import.meta.url);
  const cert = readFileSync(new URL(`${name}.cert.pem`, folder), 'utf8');
  return {
    key: readFileSync(new URL(`${name}.key.pem`, folder), 'utf8'),
    cert,
    fingerprint256: new X509Certificate(cert).fingerprint256,
  };
}

export const printerCertificate = (): PrinterCertificate => load('printer');
export const rekeyedCertificate = (): PrinterCertificate => load('rekeyed');
