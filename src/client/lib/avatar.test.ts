import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTES, avatarPalette, initials } from './avatar.ts';

describe('initials', () => {
  it('takes the first letter of each word, uppercased, at most two', () => {
    expect(initials('ada lovelace')).toBe('AL');
    expect(initials('Grace Brewster Murray Hopper')).toBe('GB');
    expect(initials('  Linus  ')).toBe('L');
  });
  it('keeps letters outside ASCII whole', () => {
    expect(initials('Émile Ödegaard')).toBe('ÉÖ');
  });
});

describe('avatarPalette', () => {
  it('picks one of 5 palettes by name length modulo 5', () => {
    expect(AVATAR_PALETTES).toHaveLength(5);
    expect(avatarPalette('Ann')).toBe(AVATAR_PALETTES[3]);
    expect(avatarPalette('Bea Li')).toBe(AVATAR_PALETTES[1]);
    expect(avatarPalette('Zoe')).toBe(avatarPalette('Ann'));
    expect(avatarPalette('Jo')).not.toBe(avatarPalette('Ann'));
  });
});
