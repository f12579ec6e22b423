// DPoP (RFC 9449, SEP-1932) keys for the SDK's DpopSession: an ES256 key pair made with
// node:crypto, kept as a private JWK beside the tokens it is bound to, so that a refresh and
// every later command sign with the same key.

import { DpopSession, type AuthorizationServerMetadata } from '@modelcontextprotocol/client';
import { createHash, webcrypto } from 'node:crypto';

/** An EC P-256 private key as a JWK: the DPoP key stored with the tokens. Secret: never print. */
export interface DpopPrivateJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
}

const ES256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** True when the authorization server's metadata offers DPoP with an algorithm we sign (ES256). */
export function advertisesDpop(metadata: AuthorizationServerMetadata | undefined): boolean {
  const algs: unknown =
    metadata !== undefined && 'dpop_signing_alg_values_supported' in metadata
      ? metadata.dpop_signing_alg_values_supported
      : undefined;
  return Array.isArray(algs) && algs.includes('ES256');
}

export async function newDpopKey(): Promise<DpopPrivateJwk> {
  const pair = await webcrypto.subtle.generateKey(ES256, true, ['sign', 'verify']);
  const jwk = await webcrypto.subtle.exportKey('jwk', pair.privateKey);
  return { kty: 'EC', crv: 'P-256', x: String(jwk.x), y: String(jwk.y), d: String(jwk.d) };
}

export function isDpopPrivateJwk(value: unknown): value is DpopPrivateJwk {
  if (typeof value !== 'object' || value === null) return false;
  const jwk = value as Record<string, unknown>;
  return jwk.kty === 'EC' && jwk.crv === 'P-256' && ['x', 'y', 'd'].every((k) => typeof jwk[k] === 'string');
}

/** RFC 7638 SHA-256 thumbprint of the public key: what the server binds as `cnf.jkt`. */
export function jwkThumbprint(jwk: Pick<DpopPrivateJwk, 'crv' | 'kty' | 'x' | 'y'>): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** The SDK's DPoP session (proofs, nonces) signing with `jwk`. */
export async function dpopSessionFor(jwk: DpopPrivateJwk): Promise<DpopSession> {
  const publicJwk = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  const privateKey = await webcrypto.subtle.importKey('jwk', { ...jwk, ext: false }, ES256, false, ['sign']);
  const publicKey = await webcrypto.subtle.importKey('jwk', publicJwk, ES256, true, ['verify']);
  return DpopSession.create({
    keyPair: { privateKey, publicKey, publicJwk, thumbprint: jwkThumbprint(jwk), alg: 'ES256' },
  });
}
