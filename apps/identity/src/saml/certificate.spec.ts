import { generateKeyPairSync } from 'node:crypto';
import { parseCertificate, toPem } from './certificate';

// Armoured, but cut short: the DER inside ends in the middle of the subject public key.
const TRUNCATED = `-----BEGIN CERTIFICATE-----
MIIBfzCCASWgAwIBAgIUQ0EE8gO5mI9f1n7b3v3Oq2bZ2ZkwCgYIKoZIzj0EAwIw
FzEVMBMGA1UEAwwMYmluZGVyeS10ZXN0MB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEw
MTAwMDAwMFowFzEVMBMGA1UEAwwMYmluZGVyeS10ZXN0MFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAE
-----END CERTIFICATE-----`;

describe('certificates', () => {
  it('adds PEM armour to a bare base64 body, in 64-character lines', () => {
    const pem = toPem(`  ${'A'.repeat(70)} `);
    expect(pem.split('\n')).toEqual(['-----BEGIN CERTIFICATE-----', 'A'.repeat(64), 'A'.repeat(6), '-----END CERTIFICATE-----']);
    expect(toPem(TRUNCATED)).toBe(TRUNCATED);
  });

  it('refuses text that is not a certificate, including a truncated one and a public key', () => {
    expect(parseCertificate('hello')).toBeUndefined();
    expect(parseCertificate(TRUNCATED)).toBeUndefined();
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(parseCertificate(publicKey.export({ type: 'spki', format: 'pem' }).toString())).toBeUndefined();
  });
});
