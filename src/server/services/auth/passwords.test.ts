import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';

describe('hashPassword / verifyPassword', () => {
  it('verifies the password it hashed', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  });

  it('rejects a wrong, empty, or nearly-right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    for (const wrong of [
      'wrong',
      '',
      'correct horse battery stapl',
      'Correct horse battery staple',
      'correct horse battery staple ',
    ]) {
      expect(await verifyPassword(wrong, stored), JSON.stringify(wrong)).toBe(false);
    }
  });

  it('stores a salted scrypt hash that never contains the password', async () => {
    const password = 'Ubuntu-Kampala-2024!';
    const first = await hashPassword(password);
    const second = await hashPassword(password);
    expect(first).toMatch(/^scrypt\$\d+\$[\w-]+\$[\w-]+$/);
    expect(first).not.toContain(password);
    expect(first.toLowerCase()).not.toContain(password.toLowerCase());
    expect(first).not.toContain(Buffer.from(password).toString('base64url'));
    expect(first).not.toContain(Buffer.from(password).toString('hex'));
    // A random salt per hash: the same password never gives the same stored value.
    expect(second).not.toBe(first);
    expect(await verifyPassword(password, second)).toBe(true);
    // Strong enough work factor (N >= 2^14) and a 64-byte key.
    const [, cost, , key] = first.split('$');
    expect(Number(cost)).toBeGreaterThanOrEqual(2 ** 14);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(64);
  });

  it('handles passwords with non-ASCII characters', async () => {
    const stored = await hashPassword('mot de passe — Kigali ✓');
    expect(await verifyPassword('mot de passe — Kigali ✓', stored)).toBe(true);
    expect(await verifyPassword('mot de passe - Kigali ✓', stored)).toBe(false);
  });

  it('answers false (no throw) for stored values that are not scrypt hashes', async () => {
    const valid = await hashPassword('secret');
    const [, cost, salt, key] = valid.split('$');
    for (const stored of [
      '',
      'secret',
      'plain$text',
      `bcrypt$${cost}$${salt}$${key}`,
      `scrypt$${cost}$${salt}$`,
      `scrypt$${cost}$${salt}$${key!.slice(0, 20)}`,
    ]) {
      expect(await verifyPassword('secret', stored), stored).toBe(false);
    }
  });
});

describe('generatePassword', () => {
  it('makes long, random, URL-safe passwords', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) {
      expect(password).toMatch(/^[\w-]{24,}$/);
    }
  });
});
