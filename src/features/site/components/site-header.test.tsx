import { screen, within } from '@testing-library/react';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';

describe('site header', () => {
  it('folds the navigation behind a keyboard-usable menu button', async () => {
    const { user } = renderApp('/pt');
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    const button = within(nav).getByRole('button', { name: 'Abrir menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list).toHaveClass('hidden');

    // Keyboard: focus the button, open with Enter, close with Escape.
    button.focus();
    await user.keyboard('{Enter}');
    expect(within(nav).getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('hidden');
    await user.keyboard('{Escape}');
    expect(within(nav).getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(button);

    // Choosing a section closes the menu.
    await user.click(button);
    await user.click(within(list).getByRole('link', { name: 'Sobre' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers a skip link to the main content first', async () => {
    const { user } = renderApp('/en');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });
});
