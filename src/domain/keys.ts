import { hash, randomInt } from 'node:crypto';

/** DESIGN.md 3: `sk_live_` / `sk_test_` + ≥ 32 random base62 characters. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;
export const KEY_FORM = /^sk_(live|test)_[0-9A-Za-z]{32,64}$/;
export const MAX_ACTIVE_KEYS = 10; // spec 5.6

export type KeyType = 'live' | 'test';

export function generateSecret(type: KeyType, random: (max: number) => number = randomInt): string {
  let body = '';
  for (let i = 0; i < SECRET_LENGTH; i++) body += ALPHABET[random(ALPHABET.length)];
  return `sk_${type}_${body}`;
}

/** On every API request: the one-shot hash costs a third of a Hash object's. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export const displaySuffix = (secret: string) => secret.slice(-4);
