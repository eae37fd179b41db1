import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { useCreateMutation } from './use-create-mutation';

function SaveButton({ create }: { create: (name: string) => Promise<string> }) {
  const save = useCreateMutation({ mutationFn: create });
  return (
    <>
      <button disabled={save.isPending} onClick={() => save.mutate('Twin')}>
        Save
      </button>
      {save.isSuccess && <p>Saved {save.data}</p>}
    </>
  );
}

describe('useCreateMutation (issue 29)', () => {
  it('is pending at once, and a second tap while it is sent creates nothing more', async () => {
    let finish: (id: string) => void = () => undefined;
    const create = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SaveButton create={create} />
      </QueryClientProvider>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    // Two taps in a row, before the query has said that the first is pending.
    fireEvent.click(save);
    fireEvent.click(save);
    expect(save).toBeDisabled();
    await waitFor(() => expect(create).toHaveBeenCalled());
    finish('child-1');
    expect(await screen.findByText('Saved child-1')).toBeVisible();
    expect(create).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(save).toBeEnabled());
    // Once answered, the next tap is a new create.
    await userEvent.click(save);
    expect(create).toHaveBeenCalledTimes(2);
  });
});
