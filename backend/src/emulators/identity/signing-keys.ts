import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** The RS256 key pair the local identity emulator signs session tokens with. */
export interface SigningKeys {
  /** Key id in the token header, as Clerk's instance keys have one. */
  kid: string;
  privateKey: KeyObject;
  /** The public key as PEM (SPKI): what `@clerk/backend` takes as its networkless `jwtKey`. */
  jwtKey: string;
}

const publicPem = (privateKey: KeyObject) => createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();

export function generateSigningKeys(kid = 'ins_local'): SigningKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, jwtKey: publicPem(privateKey) };
}

/** Keys from a private key in PEM, so that sessions outlive a restart and every api instance agrees. */
export function signingKeysFromPem(privateKeyPem: string, kid = 'ins_local'): SigningKeys {
  const privateKey = createPrivateKey({ key: privateKeyPem, format: 'pem' });
  return { kid, privateKey, jwtKey: publicPem(privateKey) };
}
