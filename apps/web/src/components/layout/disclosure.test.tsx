import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../test/render';
import { Disclosure } from './disclosure';

function Panel() {
  return <input aria-label="Note" />;
}

describe('Disclosure', () => {
  it('opens and closes its panel from the heading button', async () => {
    renderWithShell(
      <Disclosure heading="Choices" defaultOpen>
        <Panel />
      </Disclosure>,
    );
    const button = screen.getByRole('button', { name: 'Choices' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Note' })).toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
  });

  it('draws a closed panel only when first opened, and keeps what was typed in it after', async () => {
    renderWithShell(
      <Disclosure heading="Choices" defaultOpen={false}>
        <Panel />
      </Disclosure>,
    );
    expect(screen.queryByLabelText('Note')).toBeNull();
    const button = screen.getByRole('button', { name: 'Choices' });
    await userEvent.click(button);
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'rainy day');
    await userEvent.click(button);
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
    await userEvent.click(button);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('rainy day');
  });
});
