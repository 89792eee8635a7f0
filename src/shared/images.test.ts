import { describe, expect, it } from 'vitest';
import { articleImageSizes, uploadIdOf, uploadIdsIn, uploadSrcSet, variantsFor } from './images.ts';

const id = '0b5c1f0e-1b2a-4c3d-8e9f-0a1b2c3d4e5f';

describe('variantsFor', () => {
  it('offers each copy up to the first one at least as wide as the image, with its true width', () => {
    expect(variantsFor(3000)).toEqual([
      { name: 480, width: 480 },
      { name: 960, width: 960 },
      { name: 1600, width: 1600 },
    ]);
    expect(variantsFor(1200)).toEqual([
      { name: 480, width: 480 },
      { name: 960, width: 960 },
      { name: 1600, width: 1200 },
    ]);
    expect(variantsFor(960)).toEqual([
      { name: 480, width: 480 },
      { name: 960, width: 960 },
    ]);
    expect(variantsFor(40)).toEqual([{ name: 480, width: 40 }]);
  });
});

describe('uploadSrcSet', () => {
  it('lists the true widths when the image width is known, the nominal ones otherwise', () => {
    expect(uploadSrcSet(`/objects/uploads/${id}`, 700)).toBe(
      `/objects/uploads/${id}/480.webp 480w, /objects/uploads/${id}/960.webp 700w`,
    );
    expect(uploadSrcSet(`/objects/uploads/${id}`)).toBe(
      `/objects/uploads/${id}/480.webp 480w, /objects/uploads/${id}/960.webp 960w, /objects/uploads/${id}/1600.webp 1600w`,
    );
  });

  it('is undefined for any image not stored by this site', () => {
    for (const src of ['https://images.example/a.png', `/objects/uploads/${id}/480.webp`, '/objects/uploads/x', '']) {
      expect(uploadSrcSet(src, 1000), src).toBeUndefined();
    }
  });
});

describe('upload ids', () => {
  it('finds each upload a text refers to once, in lower case', () => {
    const upper = id.toUpperCase();
    expect(
      uploadIdsIn(`![a](/objects/uploads/${id}) ![b](/objects/uploads/${upper}) [c](https://x.example/objects/uploads/${id})`),
    ).toEqual([id]);
    expect(uploadIdOf(`/objects/uploads/${upper}`)).toBe(id);
    expect(uploadIdsIn('no images here')).toEqual([]);
  });
});

describe('articleImageSizes', () => {
  it('lets a narrow image keep its width and a wide one fill the column', () => {
    expect(articleImageSizes(300)).toBe('min(calc(100vw - 2rem), 300px)');
    expect(articleImageSizes(2000)).toBe('(min-width: 48rem) 46rem, calc(100vw - 2rem)');
  });
});
