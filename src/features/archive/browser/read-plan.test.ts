import { describeArchiveError, readArchive } from '../lib/read-archive';
import { ARCHIVE_LIMITS, ArchiveError, type ArchivePlan } from '../lib/plan';
import { planOf } from './read-answer';
import { answerFor, readFile } from './read-plan';

vi.mock('../lib/read-archive', () => ({ readArchive: vi.fn(), describeArchiveError: vi.fn() }));

beforeEach(() => vi.resetAllMocks());

const post = { origin: { source: 'wordpress' as const, id: '1', url: null }, language: null, title: 'T', excerpt: null, content: '', sourceCategories: [], date: '2015-01-01T00:00:00Z', status: 'published' as const, slug: null, imageUrl: null, imageAlt: null };

describe('reading a file for the page', () => {
  it('reads each zip entry the import will upload once, into a buffer of its own (so it can be transferred), and nothing else', () => {
    const file = new Uint8Array(64).map((_, i) => i);
    const shared = new Uint8Array([7, 7, 7]);
    const read = vi.fn((name: string) => {
      if (name === 'uploads/a.jpg') return file.subarray(10, 14); // stored uncompressed: a view into the file
      if (name === 'uploads/b.png' || name === 'uploads/c.png') return shared; // one buffer handed out twice
      if (name === 'storage/post-images/x.webp') return new Uint8Array([1, 2]);
      throw new Error(`unexpected ${name}`);
    });
    const plan: ArchivePlan = {
      source: 'backup',
      fileName: 'backup.zip',
      posts: [post],
      skipped: [],
      warnings: [],
      images: [
        { url: 'a.jpg', entry: 'uploads/a.jpg' },
        { url: 'a2.jpg', entry: 'uploads/a.jpg' },
        { url: 'b.png', entry: 'uploads/b.png' },
        { url: 'c.png', entry: 'uploads/c.png' },
        { url: 'https://elsewhere.example/d.jpg', entry: null },
      ],
      storedObjects: [{ bucket: 'post-images', path: 'x.webp', contentType: 'image/webp', entry: 'storage/post-images/x.webp' }],
      readEntry: read,
    };
    vi.mocked(readArchive).mockReturnValue(plan);

    const { plan: crossing, entries } = readFile(file, 'backup.zip');
    expect(readArchive).toHaveBeenCalledWith(file, 'backup.zip');
    expect('readEntry' in crossing).toBe(false);
    expect(structuredClone(crossing)).toEqual(crossing);
    expect(read.mock.calls.map(([name]) => name)).toEqual(['uploads/a.jpg', 'uploads/b.png', 'uploads/c.png', 'storage/post-images/x.webp']);
    expect([...entries.keys()]).toEqual(['uploads/a.jpg', 'uploads/b.png', 'uploads/c.png', 'storage/post-images/x.webp']);
    expect([...entries.get('uploads/a.jpg')!]).toEqual([10, 11, 12, 13]);
    expect([...entries.get('uploads/c.png')!]).toEqual([7, 7, 7]);
    const buffers = [...entries.values()].map((bytes) => bytes.buffer);
    expect(new Set(buffers).size).toBe(4);
    for (const bytes of entries.values()) expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    expect(buffers).not.toContain(file.buffer);

    // On the page, the writer reads the entries from what came over.
    const again = planOf({ plan: crossing, entries });
    expect([...again.readEntry!('uploads/a.jpg')]).toEqual([10, 11, 12, 13]);
    expect(() => again.readEntry!('uploads/zzz.jpg')).toThrow('uploads/zzz.jpg não está no arquivo');
  });

  it('a plain XML file crosses with no entries and no reader', () => {
    vi.mocked(readArchive).mockReturnValue({ source: 'wordpress', fileName: 'blog.xml', posts: [post], skipped: [], warnings: [], images: [{ url: 'https://x.example/a.jpg', entry: null }] });
    const read = readFile(new Uint8Array([60]), 'blog.xml');
    expect(read.entries.size).toBe(0);
    expect(planOf(read).readEntry).toBeUndefined();
  });

  it('refuses a file past the size limit before reading a byte of it, in Portuguese', async () => {
    vi.mocked(describeArchiveError).mockReturnValue('O arquivo passa do limite de 512 MB.');
    const arrayBuffer = vi.fn();
    const huge = { name: 'enorme.zip', size: ARCHIVE_LIMITS.maxFileBytes + 1, arrayBuffer } as unknown as File;
    expect(await answerFor(huge)).toEqual({ ok: false, code: 'too_large', message: 'O arquivo passa do limite de 512 MB.' });
    expect(arrayBuffer).not.toHaveBeenCalled();
    expect(readArchive).not.toHaveBeenCalled();
    const [error, language] = vi.mocked(describeArchiveError).mock.calls[0]!;
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as ArchiveError).code).toBe('too_large');
    expect(language).toBe('pt');
  });

  it('answers a reader’s ArchiveError with its code and Portuguese description, and anything else as unexpected', async () => {
    vi.mocked(readArchive).mockImplementationOnce(() => {
      throw new ArchiveError('zip_path', '../../etc/passwd');
    });
    vi.mocked(describeArchiveError).mockReturnValue('O zip tem um caminho que sai da pasta: ../../etc/passwd');
    const file = { name: 'ruim.zip', size: 2, arrayBuffer: async () => new Uint8Array([0x50, 0x4b]).buffer } as unknown as File;
    expect(await answerFor(file)).toEqual({ ok: false, code: 'zip_path', message: 'O zip tem um caminho que sai da pasta: ../../etc/passwd' });

    vi.mocked(readArchive).mockImplementationOnce(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    expect(await answerFor(file)).toEqual({ ok: false, code: null, message: 'Maximum call stack size exceeded' });
  });
});
