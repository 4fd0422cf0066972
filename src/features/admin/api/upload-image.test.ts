import { http, HttpResponse } from 'msw';
import { SUPABASE_URL } from '@/testing/api';
import { server } from '@/testing/server';
import { resizeImage } from '../lib/resize-image';
import { uploadPostImage } from './upload-image';

// Resizing needs a real canvas (the end-to-end test has one).
vi.mock('../lib/resize-image', () => ({ resizeImage: vi.fn() }));
vi.mocked(resizeImage).mockResolvedValue(
  [400, 800, 1600].map((width) => ({ width, blob: new Blob([String(width)], { type: 'image/webp' }), extension: 'webp' as const })),
);

const storage = `${SUPABASE_URL}/storage/v1/object`;
const photo = (type = 'image/jpeg', bytes = 10) => new File([new Uint8Array(bytes)], 'foto.jpg', { type });

function serveUploads(failOn?: { width: number; statusCode: string }) {
  const uploaded: string[] = [];
  const removed: unknown[] = [];
  server.use(
    http.post(`${storage}/post-images/*`, ({ request }) => {
      const path = new URL(request.url).pathname.split('/post-images/')[1]!;
      if (failOn && path.endsWith(`/${failOn.width}.webp`)) {
        return HttpResponse.json({ statusCode: failOn.statusCode, error: 'x', message: 'refused' }, { status: 400 });
      }
      uploaded.push(path);
      return HttpResponse.json({ Id: crypto.randomUUID(), Key: `post-images/${path}` });
    }),
    http.delete(`${storage}/post-images`, async ({ request }) => {
      removed.push(await request.json());
      return HttpResponse.json([]);
    }),
  );
  return { uploaded, removed };
}

describe('uploadPostImage', () => {
  it('sends each width to one new folder and answers the largest one’s public address', async () => {
    const { uploaded } = serveUploads();
    const url = await uploadPostImage(photo());
    expect(uploaded).toHaveLength(3);
    const folder = uploaded[0]!.split('/').slice(0, 2).join('/');
    expect(folder).toMatch(/^posts\/[0-9a-f]{24}$/);
    expect(uploaded).toEqual([`${folder}/400.webp`, `${folder}/800.webp`, `${folder}/1600.webp`]);
    expect(url).toBe(`${SUPABASE_URL}/storage/v1/object/public/post-images/${folder}/1600.webp`);
  });

  it.each([
    ['403', 'Sua conta não tem permissão para enviar imagens.'],
    ['413', 'A imagem é grande demais. Use uma de até 25 MB.'],
    ['500', 'Não foi possível enviar a imagem. Verifique sua conexão e tente de novo.'],
  ])('a refusal (%s) says why in Portuguese and removes the widths already sent', async (statusCode, message) => {
    const { uploaded, removed } = serveUploads({ width: 1600, statusCode });
    await expect(uploadPostImage(photo())).rejects.toThrow(message);
    expect(removed).toEqual([{ prefixes: uploaded }]);
  });

  it('refuses other types and huge files before sending anything', async () => {
    const { uploaded } = serveUploads();
    await expect(uploadPostImage(photo('image/svg+xml'))).rejects.toThrow('Formato não aceito. Use uma imagem JPEG, PNG, WebP, AVIF ou GIF.');
    await expect(uploadPostImage(photo('image/png', 25 * 1024 * 1024 + 1))).rejects.toThrow('A imagem é grande demais. Use uma de até 25 MB.');
    expect(uploaded).toEqual([]);
  });
});
