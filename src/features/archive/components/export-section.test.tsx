import { screen } from '@testing-library/react';
import { supabase } from '@/lib/supabase';
import { exportArchive } from '../api/export-archive';
import { saveFile } from '../browser/save-file';
import { renderArchiveTab } from './test-archive';

vi.mock('../api/export-archive', () => ({ exportArchive: vi.fn() }));
vi.mock('../browser/save-file', async (actual) => ({ ...(await actual<typeof import('../browser/save-file')>()), saveFile: vi.fn() }));

beforeEach(() => vi.resetAllMocks());

function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('"Exportar tudo"', () => {
  it('says it is preparing the backup, downloads the streamed zip as backup-<site>-<day>.zip, then says what it holds', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    vi.mocked(exportArchive).mockImplementation(async (_client, sink) => {
      sink(new Uint8Array([0x50, 0x4b, 3, 4]), false);
      await finished;
      sink(new Uint8Array([9, 8, 7]), true);
      return { posts: 3, settings: 28, objects: 5, subscribers: 40 };
    });
    const { user } = await renderArchiveTab();
    await user.click(screen.getByRole('button', { name: 'Exportar tudo' }));
    expect(await screen.findByText('Preparando o backup…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar tudo' })).toBeDisabled();
    expect(saveFile).not.toHaveBeenCalled();

    finish();
    expect(await screen.findByText('Backup baixado: 3 posts, 28 configurações, 40 assinantes e 5 imagens.')).toBeInTheDocument();
    expect(vi.mocked(exportArchive).mock.calls[0]![0]).toBe(supabase);
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toMatch(/^backup-localhost-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(blob.type).toBe('application/zip');
    expect([...(await bytesOf(blob))]).toEqual([0x50, 0x4b, 3, 4, 9, 8, 7]);
    expect(screen.getByRole('button', { name: 'Exportar tudo' })).toBeEnabled();
  });

  it('a failed export says so in an alert and downloads nothing', async () => {
    vi.mocked(exportArchive).mockRejectedValue(new Error('Reading the posts failed: permission denied'));
    const { user } = await renderArchiveTab();
    await user.click(screen.getByRole('button', { name: 'Exportar tudo' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível exportar o backup');
    expect(alert).toHaveTextContent('Reading the posts failed: permission denied');
    expect(saveFile).not.toHaveBeenCalled();
  });
});
