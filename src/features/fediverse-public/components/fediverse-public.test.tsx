import { screen, within } from '@testing-library/react';
import { publicFediverse } from '@/testing/handlers/fediverse';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';

const PT_ID = '11111111-1111-4111-8111-111111111111';
const PT_PATH = '/pt/como-falar-com-a-imprensa-em-uma-crise';

const reply = (overrides: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  post_id: PT_ID,
  state: 'approved',
  url: 'https://social.example/@bob/1',
  author_name: 'Bob',
  author_handle: '@bob@social.example',
  author_url: 'https://social.example/@bob',
  avatar_url: '/ap/avatars/b0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb.webp',
  content: '<p>Ótimo texto!</p>',
  published: '2026-11-20T15:30:00+00:00',
  ...overrides,
});

afterEach(() => {
  publicFediverse.replies = [];
  vi.restoreAllMocks();
});

describe('her fediverse address on the home', () => {
  it('/pt says "Siga no fediverso: @pt@host" and its copy button says "Copiado" in a status', async () => {
    const { user } = renderApp('/pt');
    const line = await screen.findByText(`@pt@${window.location.host}`);
    expect(line.closest('p')).toHaveTextContent(`Siga no fediverso: @pt@${window.location.host}`);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: `Copiar @pt@${window.location.host}` }));
    expect(writeText).toHaveBeenCalledWith(`@pt@${window.location.host}`);
    expect(await screen.findByRole('status')).toHaveTextContent('Copiado');
  });

  it('/en says "Follow on the fediverse: @en@host"; a refused clipboard says how to copy by hand', async () => {
    const { user } = renderApp('/en');
    const line = await screen.findByText(`@en@${window.location.host}`);
    expect(line.closest('p')).toHaveTextContent(`Follow on the fediverse: @en@${window.location.host}`);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    screen.getByRole('button', { name: `Copy @en@${window.location.host}` }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Could not copy. Select the address and copy it.');
  });
});

describe('approved replies under a post', () => {
  it('shows them oldest first with author, handle, avatar as a link, date, text and the original', async () => {
    publicFediverse.replies = [
      reply({ author_name: 'Carla', author_handle: '@carla@outro.example', author_url: 'https://outro.example/@carla', avatar_url: 'https://outro.example/a.png', published: '2026-11-22T10:00:00+00:00', content: '<p>Segunda</p>' }),
      reply({}),
      reply({ author_name: 'Pendente', state: 'pending' }),
    ];
    renderApp(PT_PATH);
    const section = await screen.findByRole('region', { name: 'Respostas do fediverso' });
    const items = within(section).getAllByRole('article');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Bob@bob@social\.example·20 de novembro de 2026Ótimo texto!Ver a resposta original$/),
      expect.stringMatching(/^Carla@carla@outro\.example·22 de novembro de 2026SegundaVer a resposta original$/),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Perfil de Bob' })).toHaveAttribute('href', 'https://social.example/@bob');
    expect(within(items[0]!).getByRole('img', { name: 'Perfil de Bob' })).toHaveAttribute('src', '/ap/avatars/b0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb.webp');
    expect(within(items[0]!).getByRole('link', { name: 'Ver a resposta original' })).toHaveAttribute('href', 'https://social.example/@bob/1');
    // A picture on another server is never loaded by a reader's browser: Carla's shows none.
    expect(section.querySelectorAll('img')).toHaveLength(1);
    expect(within(items[1]!).queryByRole('link', { name: 'Perfil de Carla' })).not.toBeInTheDocument();
  });

  it('shows markup the sanitiser would not have written as text, and no address that is not http(s)', async () => {
    publicFediverse.replies = [reply({ content: '<p>oi</p><img src=x onerror="window.hacked=1">', author_url: 'javascript:alert(1)', url: 'data:text/html,x' })];
    renderApp(PT_PATH);
    const section = await screen.findByRole('region', { name: 'Respostas do fediverso' });
    expect(section.querySelector('img[onerror]')).toBeNull();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
    expect(section).toHaveTextContent('oi');
  });

  it('says nothing when there are none', async () => {
    renderApp(PT_PATH);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Respostas do fediverso' })).not.toBeInTheDocument();
  });
});
