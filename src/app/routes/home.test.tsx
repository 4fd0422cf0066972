import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { restUrl } from '@/testing/api';
import { buildSetting } from '@/testing/fixtures/settings';
import { pgrstAnswer, pgrstError } from '@/testing/handlers/postgrest';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const banner = () => screen.getByRole('banner');

describe('home page language', () => {
  it('/pt is Portuguese: html lang, title and texts', async () => {
    renderApp('/pt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Histórias que constroem confiança' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(document.title).toBe('Jornalista & Profissional de RP');
    expect(screen.getByRole('heading', { level: 2, name: 'Contato' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Últimos Insights' })).toBeInTheDocument();
    expect(within(banner()).getByRole('link', { name: 'PT' })).toHaveAttribute('aria-current', 'page');
    expect(within(banner()).getByRole('link', { name: 'EN' })).not.toHaveAttribute('aria-current');
  });

  it('/en is English', async () => {
    renderApp('/en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stories that build trust' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.title).toBe('Journalist & PR Professional');
    expect(screen.getByRole('heading', { level: 2, name: 'Contact' })).toBeInTheDocument();
    expect(within(banner()).getByRole('link', { name: 'EN' })).toHaveAttribute('aria-current', 'page');
  });

  it('switches language with the EN / PT links', async () => {
    const { user, router } = renderApp('/pt');
    await screen.findByRole('heading', { level: 1, name: 'Histórias que constroem confiança' });
    await user.click(within(banner()).getByRole('link', { name: 'EN' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stories that build trust' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en');
    expect(document.documentElement.lang).toBe('en-US');
    await user.click(within(banner()).getByRole('link', { name: 'PT' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Histórias que constroem confiança' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pt');
  });

  it('keeps the chosen category, translated, when switching language', async () => {
    const { user, router } = renderApp('/pt?category=Comunica%C3%A7%C3%A3o%20de%20Crise');
    await screen.findByRole('heading', { level: 1, name: 'Histórias que constroem confiança' });
    expect(within(banner()).getByRole('link', { name: 'EN' })).toHaveAttribute('href', '/en?category=Crisis+Communication');
    await user.click(within(banner()).getByRole('link', { name: 'EN' }));
    expect(await screen.findByRole('button', { name: 'Crisis Communication', pressed: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en');
  });

  it('shows the sections in order: header, hero, blog, newsletter, about, contact, footer', async () => {
    renderApp('/pt');
    await screen.findByRole('heading', { level: 1, name: 'Histórias que constroem confiança' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Últimos Insights', 'Receba os novos posts por email', 'Quem sou', 'Contato']);
    const landmarks = document.querySelectorAll('header[class*=sticky], main, footer');
    expect([...landmarks].map((el) => el.tagName)).toEqual(['HEADER', 'MAIN', 'FOOTER']);
  });
});

describe('home page settings', () => {
  it('uses nav labels from settings as anchor links', async () => {
    renderApp('/en');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '#about');
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '#blog');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#contact');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '#home');
  });

  it('falls back to built-in texts when values are empty or missing', async () => {
    server.use(
      http.get(restUrl('site_settings'), ({ request }) =>
        pgrstAnswer(request, [
          buildSetting('hero_title', '   ', 'pt'),
          buildSetting('blog_section_title', '', 'pt'),
          buildSetting('nav_about', '', 'pt'),
        ]),
      ),
    );
    renderApp('/pt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Comunicação que constrói reputação' })).toBeInTheDocument();
    expect(screen.getByText(/Há 31 anos/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Últimos Insights' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sobre mim' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Navegação principal' })).getByRole('link', { name: 'Sobre' })).toBeInTheDocument();
  });

  it('falls back to built-in texts when the settings call fails', async () => {
    server.use(http.get(restUrl('site_settings'), () => pgrstError(500, { code: 'XX000', message: 'boom' })));
    renderApp('/en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Communication that builds reputations' })).toBeInTheDocument();
    expect(screen.getByText(/For 31 years/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Latest Insights' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'About me' })).toBeInTheDocument();
    expect(screen.getByText(/All rights reserved/)).toBeInTheDocument();
    // No contact target is known, so no contact link is shown.
    expect(screen.queryByRole('link', { name: /opens in a new tab/ })).not.toBeInTheDocument();
  });

  it('shows only the contact links whose target is set, opening in a new tab', async () => {
    renderApp('/pt');
    const contact = await screen.findByRole('region', { name: 'Contato' });
    await waitFor(() => expect(within(contact).getAllByRole('link')).toHaveLength(2));
    const whatsapp = within(contact).getByRole('link', { name: 'WhatsApp (abre em nova aba)' });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/5511999999999');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(contact).getByRole('link', { name: 'LinkedIn (abre em nova aba)' })).toBeInTheDocument();
    expect(within(contact).queryByRole('link', { name: /Instagram/ })).not.toBeInTheDocument();
  });

  it('never leaves the hero hidden when the settings call hangs', async () => {
    server.use(
      http.get(restUrl('site_settings'), async () => {
        await delay('infinite');
        return undefined;
      }),
    );
    renderApp('/pt');
    const title = await screen.findByRole('heading', { level: 1, name: 'Comunicação que constrói reputação' });
    // Faded while the stored texts may still come, then shown with the built-in ones.
    await waitFor(() => expect(title.closest('.opacity-0')).toBeNull(), { timeout: 3000 });
  });
});
