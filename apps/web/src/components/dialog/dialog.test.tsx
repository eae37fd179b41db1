import Button from '@mui/material/Button';
import DialogTitle from '@mui/material/DialogTitle';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../test/render';
import { Dialog } from './dialog';

/** Issue 29: with a dialog open, the phone's Back closes it instead of leaving the page. */

const dialogOfEntry = () => (window.history.state as { kkbDialog?: number } | null)?.kkbDialog;
const dialogEntry = () => dialogOfEntry() !== undefined;

/** Back, as the browser's button does it: the page hears of it by a `popstate`. */
async function pressBack() {
  await act(async () => {
    const moved = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    window.history.back();
    await moved;
  });
}

function OneDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="t">
        <DialogTitle id="t">Question</DialogTitle>
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </Dialog>
    </>
  );
}

/** "Mark as done", then the celebration: one dialog closing as the next one opens. */
function OneAfterAnother() {
  const [step, setStep] = useState<'none' | 'first' | 'second'>('none');
  return (
    <>
      <Button onClick={() => setStep('first')}>Open</Button>
      <Dialog open={step === 'first'} onClose={() => setStep('none')} aria-labelledby="a">
        <DialogTitle id="a">First</DialogTitle>
        <Button onClick={() => setStep('second')}>Save</Button>
      </Dialog>
      <Dialog open={step === 'second'} onClose={() => setStep('none')} aria-labelledby="b">
        <DialogTitle id="b">Second</DialogTitle>
      </Dialog>
    </>
  );
}

describe('Back closes a dialog', () => {
  it('opening one adds a history entry; Back closes it and the page stays', async () => {
    const user = userEvent.setup();
    renderWithShell(<OneDialog />);
    const before = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Question' })).toBeVisible();
    await waitFor(() => expect(dialogEntry()).toBe(true));
    expect(window.history.length).toBe(before + 1);

    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dialogEntry()).toBe(false);
  });

  it('closed by its own button, it takes its entry away again', async () => {
    const user = userEvent.setup();
    renderWithShell(<OneDialog />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(dialogEntry()).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogEntry()).toBe(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a dialog opening as another closes keeps its own entry, and Back closes it', async () => {
    const user = userEvent.setup();
    renderWithShell(<OneAfterAnother />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(dialogEntry()).toBe(true));
    const first = dialogOfEntry() ?? 0;
    const before = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Second' })).toBeVisible();
    // The first one's entry went (Back), and the second one's took its place.
    await waitFor(() => expect(dialogOfEntry()).toBeGreaterThan(first));
    expect(window.history.length).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeVisible();

    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dialogEntry()).toBe(false);
  });
});
