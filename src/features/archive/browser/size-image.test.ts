import { Blob as FullBlob } from 'node:buffer';
import { resizeImage } from '@/features/admin/lib/resize-image';
import { sizeImage } from './size-image';

vi.mock('@/features/admin/lib/resize-image', () => ({ resizeImage: vi.fn() }));

/** A Blob with arrayBuffer(), as browsers' are (jsdom's has none). */
const variant = (bytes: number[], type: string) => new FullBlob([new Uint8Array(bytes)], { type }) as unknown as Blob;

function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

describe('the admin screen’s image sizer', () => {
  it('hands the picture to the editor’s resize as a Blob of its type, and returns each width’s bytes, type and extension', async () => {
    vi.mocked(resizeImage).mockResolvedValue([
      { width: 400, blob: variant([1, 2], 'image/webp'), extension: 'webp' },
      { width: 800, blob: variant([3, 4, 5], 'image/webp'), extension: 'webp' },
      { width: 1600, blob: variant([6], 'image/jpeg'), extension: 'jpg' },
    ]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]);
    const sized = await sizeImage(png, 'image/png');

    const given = vi.mocked(resizeImage).mock.calls[0]![0];
    expect(given.type).toBe('image/png');
    expect([...(await bytesOf(given))]).toEqual([...png]);
    expect(sized.map(({ width, bytes, contentType, extension }) => ({ width, bytes: [...bytes], contentType, extension }))).toEqual([
      { width: 400, bytes: [1, 2], contentType: 'image/webp', extension: 'webp' },
      { width: 800, bytes: [3, 4, 5], contentType: 'image/webp', extension: 'webp' },
      { width: 1600, bytes: [6], contentType: 'image/jpeg', extension: 'jpg' },
    ]);
  });

  it('fails as the editor’s resize fails (a file that is not a picture)', async () => {
    vi.mocked(resizeImage).mockRejectedValue(new DOMException('The source image could not be decoded.', 'InvalidStateError'));
    await expect(sizeImage(new Uint8Array([1, 2, 3]), 'image/jpeg')).rejects.toThrow('could not be decoded');
  });
});
