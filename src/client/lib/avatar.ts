/** SPEC.md section 9: first letters of the words of the name, uppercased, at most 2. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [...word][0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}

/** Five palettes with AA contrast, chosen by the name's length modulo 5. */
export const AVATAR_PALETTES = [
  'bg-blue-100 text-blue-900',
  'bg-green-100 text-green-900',
  'bg-purple-100 text-purple-900',
  'bg-amber-100 text-amber-900',
  'bg-rose-100 text-rose-900',
] as const;

export function avatarPalette(name: string): string {
  return AVATAR_PALETTES[name.length % AVATAR_PALETTES.length]!;
}
