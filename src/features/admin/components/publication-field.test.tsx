import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost } from '@/testing/fixtures/posts';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin } from '../test-utils';

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

/** Next year: always ahead, and Brasília is UTC−3 (no summer time since 2019). */
const YEAR = new Date().getFullYear() + 1;
const PAST = 'Esse horário já passou. Escolha uma data e hora no futuro, ou ligue “Publicado” para publicar agora.';

/** A post scheduled for 25 November next year, 08:00 in Brasília. */
const scheduled = buildPost({
  id: 'aaaaaaaa-0000-4000-8000-0000000000a1',
  title: 'Coluna de segunda',
  slug: 'coluna-de-segunda',
  language: 'pt',
  published: true,
  date: `${YEAR}-11-25T11:00:00+00:00`,
  created_at: '2024-04-01T12:00:00+00:00',
});

async function openNewPost(user: User) {
  await user.click(screen.getByRole('button', { name: 'Novo Post' }));
  return within(await screen.findByRole('dialog', { name: 'Criar Novo Post' }));
}

function captureWrites() {
  const writes: { method: string; body: Record<string, unknown> }[] = [];
  const handle = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    writes.push({ method: request.method, body });
    const row = { ...buildPost(), ...body };
    return HttpResponse.json(request.method === 'POST' ? row : [row], { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(http.post(restUrl('blog_posts'), handle), http.patch(restUrl('blog_posts'), handle));
  return writes;
}

/** Replaces a field's value as a person does (a date or time too: jsdom has no picker). */
async function enter(user: User, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.type(input, value);
}

describe('"Agendar" in the post dialog (issue 23)', () => {
  it('beside "Publicado": a date and a time in Brasília (tomorrow 08:00 first), stored as published at that instant', async () => {
    const writes = captureWrites();
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Coluna de segunda');
    expect(d.getByRole('status')).toHaveTextContent('Rascunho: só você vê este post.');
    expect(d.queryByLabelText('Data')).not.toBeInTheDocument();

    await user.click(d.getByRole('switch', { name: 'Agendar' }));
    expect(d.getByRole('switch', { name: 'Agendar' })).toBeChecked();
    expect(d.getByRole('switch', { name: 'Publicado' })).not.toBeChecked();
    expect(d.getByRole('group', { name: 'Data e hora da publicação (horário de Brasília)' })).toBeInTheDocument();
    expect(d.getByLabelText('Hora (Brasília)')).toHaveValue('08:00');
    // Tomorrow on Brasília's calendar (en-CA writes dates as yyyy-mm-dd).
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now() + 86_400_000);
    expect(d.getByLabelText('Data')).toHaveValue(tomorrow);
    expect(d.getByRole('status')).toHaveTextContent(/^Agendado: só você vê este post até a data e a hora escolhidas/);

    await enter(user, d.getByLabelText('Data'), `${YEAR}-11-25`);
    await enter(user, d.getByLabelText('Hora (Brasília)'), '08:00');
    const summary = `Vai ao ar em 25 de novembro de ${YEAR}, 08:00, horário de Brasília.`;
    expect(d.getByText(summary)).toBeInTheDocument();
    expect(d.getByLabelText('Data')).toHaveAccessibleDescription(summary);
    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    await screen.findByText('Post criado!');
    // 08:00 in Brasília is 11:00 UTC, whatever the zone of her computer.
    expect(writes[0]!.body).toMatchObject({ published: true, date: `${YEAR}-11-25T11:00:00.000Z` });
  });

  it('a time in the past is refused with a clear message, tied to the fields; nothing is sent and her text stays', async () => {
    const writes = captureWrites();
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    await user.type(d.getByRole('textbox', { name: 'Título' }), 'Tarde demais');
    await user.click(d.getByRole('switch', { name: 'Agendar' }));
    await enter(user, d.getByLabelText('Data'), '2024-03-15');
    await enter(user, d.getByLabelText('Hora (Brasília)'), '09:00');
    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    expect(await d.findByText(PAST)).toBeInTheDocument();
    expect(d.getByLabelText('Data')).toHaveFocus();
    expect(d.getByLabelText('Data')).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByLabelText('Hora (Brasília)')).toHaveAccessibleDescription(expect.stringContaining(PAST));
    expect(writes).toEqual([]);
    expect(d.getByRole('textbox', { name: 'Título' })).toHaveValue('Tarde demais');

    await user.clear(d.getByLabelText('Data'));
    await user.click(d.getByRole('button', { name: 'Criar Post' }));
    expect(await d.findByText('Informe a data e a hora da publicação.')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('a scheduled post opens scheduled at its Brasília time; "Cancelar agendamento" makes it a draft again', async () => {
    const writes = captureWrites();
    const { user } = await renderAdmin([scheduled, ...adminPosts]);
    await user.click(await screen.findByRole('button', { name: `Editar post ${scheduled.title}` }));
    const d = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    expect(d.getByRole('switch', { name: 'Agendar' })).toBeChecked();
    expect(d.getByRole('switch', { name: 'Publicado' })).not.toBeChecked();
    expect(d.getByLabelText('Data')).toHaveValue(`${YEAR}-11-25`);
    expect(d.getByLabelText('Hora (Brasília)')).toHaveValue('08:00');

    await user.click(d.getByRole('button', { name: 'Cancelar agendamento' }));
    expect(d.getByRole('switch', { name: 'Agendar' })).not.toBeChecked();
    expect(d.getByRole('switch', { name: 'Agendar' })).toHaveFocus();
    expect(d.queryByLabelText('Data')).not.toBeInTheDocument();
    expect(d.getByRole('status')).toHaveTextContent('Rascunho: só você vê este post.');
    await user.click(d.getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    expect(writes[0]!.body).toMatchObject({ published: false });
  });

  it('turning "Agendar" off unschedules too', async () => {
    const writes = captureWrites();
    const { user } = await renderAdmin([scheduled, ...adminPosts]);
    await user.click(await screen.findByRole('button', { name: `Editar post ${scheduled.title}` }));
    const d = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    await user.click(d.getByRole('switch', { name: 'Agendar' }));
    await user.click(d.getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    expect(writes[0]!.body).toMatchObject({ published: false });
  });

  it('"Publicado" on a scheduled post publishes it now: the schedule is overridden with the current time', async () => {
    const writes = captureWrites();
    const { user } = await renderAdmin([scheduled, ...adminPosts]);
    await user.click(await screen.findByRole('button', { name: `Editar post ${scheduled.title}` }));
    const d = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    await user.click(d.getByRole('switch', { name: 'Publicado' }));
    expect(d.getByRole('switch', { name: 'Agendar' })).not.toBeChecked();
    expect(d.getByRole('status')).toHaveTextContent('Publicado: os leitores veem este post.');
    const before = Date.now();
    await user.click(d.getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    const { published, date } = writes[0]!.body as { published: boolean; date: string };
    expect(published).toBe(true);
    expect(Date.parse(date)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(date)).toBeLessThanOrEqual(Date.now());
  });

  it('moving the time of a scheduled post stores the new instant; editing only its text keeps the stored one', async () => {
    const writes = captureWrites();
    const { user } = await renderAdmin([scheduled, ...adminPosts]);
    await user.click(await screen.findByRole('button', { name: `Editar post ${scheduled.title}` }));
    let d = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    await enter(user, d.getByLabelText('Resumo'), 'Novo resumo');
    await user.click(d.getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    expect(writes[0]!.body).toMatchObject({ published: true, excerpt: 'Novo resumo' });
    expect(writes[0]!.body).not.toHaveProperty('date');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `Editar post ${scheduled.title}` }));
    d = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    await enter(user, d.getByLabelText('Hora (Brasília)'), '18:45');
    await user.click(d.getByRole('button', { name: 'Atualizar Post' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]!.body).toMatchObject({ published: true, date: `${YEAR}-11-25T21:45:00.000Z` });
  });

  it('editing a published post keeps its date (spec §4); scheduling it warns that it leaves the site until then', async () => {
    const writes = captureWrites();
    const { user } = await renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Editar post ${adminPosts[0]!.title}` }));
    const d = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    expect(d.getByRole('switch', { name: 'Publicado' })).toBeChecked();
    expect(d.getByRole('switch', { name: 'Agendar' })).not.toBeChecked();
    await user.click(d.getByRole('switch', { name: 'Agendar' }));
    expect(d.getByText('Este post está no ar: agendado, ele sai do site até o horário escolhido.')).toBeInTheDocument();
    await user.click(d.getByRole('switch', { name: 'Publicado' }));
    expect(d.getByRole('switch', { name: 'Agendar' })).not.toBeChecked();
    await user.click(d.getByRole('button', { name: 'Atualizar Post' }));
    await screen.findByText('Post atualizado!');
    expect(writes[0]!.body).toMatchObject({ published: true });
    expect(writes[0]!.body).not.toHaveProperty('date');
  });
});
