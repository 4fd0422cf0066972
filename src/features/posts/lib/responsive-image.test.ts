import { imageSrcSet } from './responsive-image';

const base = 'https://abc.supabase.co/storage/v1/object/public/post-images/posts/3f2a9c';

describe('imageSrcSet', () => {
  it('gives the three widths of an uploaded image, whichever width the address names', () => {
    const expected = `${base}/400.webp 400w, ${base}/800.webp 800w, ${base}/1600.webp 1600w`;
    expect(imageSrcSet(`${base}/1600.webp`)).toBe(expected);
    expect(imageSrcSet(`${base}/400.webp`)).toBe(expected);
    expect(imageSrcSet(`http://127.0.0.1:3000/storage/v1/object/public/post-images/posts/x1/800.jpg`)).toContain('/x1/1600.jpg 1600w');
  });

  it('gives none for any other address', () => {
    expect(imageSrcSet('https://images.example.com/foto.jpg')).toBeUndefined();
    expect(imageSrcSet(`${base}/1200.webp`)).toBeUndefined();
    expect(imageSrcSet('https://abc.supabase.co/storage/v1/object/public/outro-bucket/posts/x/1600.webp')).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });
});
