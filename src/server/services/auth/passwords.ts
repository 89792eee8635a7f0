import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const COST = 2 ** 15;
const BLOCK_SIZE = 8;

/**
 * scrypt runs on libuv's thread pool (4 threads), which also reads files and resolves names: a
 * burst of logins must not take all of it, so at most two hashes are computed at once and the
 * others wait their turn.
 */
const MAX_CONCURRENT_HASHES = 2;
let hashing = 0;
const waitingForHash: Array<() => void> = [];

async function scryptAsync(password: BinaryLike, salt: BinaryLike, options: ScryptOptions): Promise<Buffer> {
  if (hashing >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waitingForHash.push(resolve));
  else hashing++;
  try {
    return await new Promise((resolve, reject) =>
      scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    // The turn passes to the next waiter, or is given back.
    const next = waitingForHash.shift();
    if (next) next();
    else hashing--;
  }
}

const scryptOptions = (cost: number) => ({ N: cost, r: BLOCK_SIZE, p: 1, maxmem: 128 * cost * BLOCK_SIZE * 2 });

/** `scrypt$N$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, scryptOptions(COST));
  return ['scrypt', COST, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), scryptOptions(Number(cost)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
