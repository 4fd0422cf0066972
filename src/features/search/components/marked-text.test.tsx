import { render } from '@testing-library/react';
import { MarkedText } from './marked-text';

describe('marked text', () => {
  it('the words between the database\'s marks become <mark>, the rest stays text', () => {
    const { container } = render(<MarkedText text={'A \uE000crise\uE001 e a \uE000Comunicação\uE001.'} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['crise', 'Comunicação']);
    expect(container.textContent).toBe('A crise e a Comunicação.');
  });

  it('markup in a title is text, never an element', () => {
    const { container } = render(<MarkedText text={'<img src=x onerror=alert(1)> \uE000<b>x</b>\uE001'} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<b>x</b>');
  });
});
