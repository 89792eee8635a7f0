// A WebAuthn authenticator in software, for integration tests of the passkey routes without a
// browser: it makes P-256 credentials ("none" attestation) and signs assertions the way a
// security key does, so the server's real checks (challenge, origin, RP id, signature, counter)
// run on real bytes. The browser tests use Chromium's virtual authenticator instead.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: Uint8Array<ArrayBuffer>;
  privateKey: KeyObject;
  counter: number;
}

const sha256 = (data: Uint8Array | string): Uint8Array<ArrayBuffer> => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.concat(parts));
const b64u = (data: Uint8Array<ArrayBuffer> | string) =>
  isoBase64URL.fromBuffer(typeof data === 'string' ? new TextEncoder().encode(data) : data);
const counterBytes = (n: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n);
  return bytes;
};

/** Flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  private readonly origin: string;
  private readonly rpId: string;

  /** An authenticator in a browser at `origin`; the RP id defaults to its host. */
  constructor(origin: string, rpId = new URL(origin).hostname) {
    this.origin = origin;
    this.rpId = rpId;
  }

  /** The answer to `navigator.credentials.create()` for `options` (the server's registration options). */
  register(options: { challenge: string }) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const id: Uint8Array<ArrayBuffer> = new Uint8Array(randomBytes(16));
    this.credentials.push({ id, privateKey, counter: 0 });
    const authData = concat(
      sha256(this.rpId),
      Uint8Array.of(UP | UV | AT),
      counterBytes(0),
      new Uint8Array(16), // AAGUID: none
      Uint8Array.of(0, id.length),
      id,
      new Uint8Array(isoCBOR.encode(cose)),
    );
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map());
    attestation.set('authData', authData);
    const attestationObject = new Uint8Array(isoCBOR.encode(attestation));
    const clientData = { type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false };
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(JSON.stringify(clientData)),
        attestationObject: b64u(attestationObject),
        transports: ['usb'],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * The answer to `navigator.credentials.get()` for `options`, signed by the credential at
   * `index` (the first made by default). `origin` pretends the page was another site's.
   */
  authenticate(options: { challenge: string }, { index = 0, origin = this.origin } = {}) {
    const credential = this.credentials[index];
    if (!credential) throw new Error(`no credential ${index}`);
    credential.counter += 1;
    const authenticatorData = concat(sha256(this.rpId), Uint8Array.of(UP | UV), counterBytes(credential.counter));
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
    const signature = sign('sha256', concat(authenticatorData, sha256(clientDataJSON)), credential.privateKey);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authenticatorData),
        signature: b64u(new Uint8Array(signature)),
      },
      clientExtensionResults: {},
    };
  }
}
