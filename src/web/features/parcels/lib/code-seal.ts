const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const toBase64Url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const BOX_INFO = new TextEncoder().encode('rider delivery code seal v1');

/**
 * The recipient's code sealed for the server alone (R-RIDER-OFFLINE, decision 176; opened by
 * src/server/modules/consignments/sealed-codes.ts): ECDH on P-256 with a key pair made for this one code,
 * HKDF-SHA-256, AES-256-GCM. The phone keeps only this; it cannot open it again.
 */
export async function sealCode(code: string, serverKey: string): Promise<string> {
  const server = await crypto.subtle.importKey('raw', fromBase64Url(serverKey), { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ephemeral = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: server }, ephemeral.privateKey, 256);
  const material = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(), info: BOX_INFO },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const box = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(code));
  const publicPoint = await crypto.subtle.exportKey('raw', ephemeral.publicKey);
  return ['v1', toBase64Url(publicPoint), toBase64Url(iv), toBase64Url(box)].join('.');
}
