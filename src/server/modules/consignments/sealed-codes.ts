import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto';

/** P-256, the curve every browser's WebCrypto offers for ECDH. */
const CURVE = 'prime256v1';
const KEY_INFO = 'rider delivery code seal: private key';
const BOX_INFO = 'rider delivery code seal v1';
const TAG_BYTES = 16;

/**
 * The rider app seals the recipient's code it keeps while there is no signal (R-RIDER-OFFLINE, decision
 * 176): ECDH with this key pair and AES-256-GCM, so the phone holds only what this server can open. The
 * key pair is derived from the auth secret, the same on every instance and across restarts; a changed
 * secret leaves codes sealed before unreadable, and the rider types them again.
 */
export interface CodeSeal {
  /** The public key as an uncompressed P-256 point, base64url: what the phone seals with. */
  publicKey: string;
  /** The code inside `v1.<ephemeral key>.<iv>.<sealed code>`, or undefined when it is not one this key sealed. */
  open(sealed: string): string | undefined;
}

export function codeSeal(secret: string): CodeSeal {
  const own = createECDH(CURVE);
  own.setPrivateKey(Buffer.from(hkdfSync('sha256', secret, '', KEY_INFO, 32)));
  return {
    publicKey: own.getPublicKey().toString('base64url'),
    open(sealed) {
      const [version, ...parts] = sealed.split('.');
      if (version !== 'v1' || parts.length !== 3) return undefined;
      const [ephemeral, iv, box] = parts.map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
      if (iv.length !== 12 || box.length <= TAG_BYTES) return undefined;
      try {
        const key = Buffer.from(hkdfSync('sha256', own.computeSecret(ephemeral), '', BOX_INFO, 32));
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(box.subarray(box.length - TAG_BYTES));
        return Buffer.concat([decipher.update(box.subarray(0, box.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        // Not a point on the curve, or sealed with another key, or changed on the way.
        return undefined;
      }
    },
  };
}
