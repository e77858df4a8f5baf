import { X509Certificate } from 'node:crypto';

/** Adds PEM armour to a bare base64 certificate body (as IdP metadata often gives it). */
export function toPem(certificate: string): string {
  const trimmed = certificate.trim();
  if (trimmed.startsWith('-----BEGIN CERTIFICATE-----')) return trimmed;
  const body = trimmed.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----`;
}

/** The parsed X.509 certificate, or undefined when the text is not one. */
export function parseCertificate(certificate: string): X509Certificate | undefined {
  try {
    return new X509Certificate(toPem(certificate));
  } catch {
    return undefined;
  }
}
