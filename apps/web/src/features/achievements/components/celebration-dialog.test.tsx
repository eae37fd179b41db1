import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../test/render';
import { achievement, firstSteps, stubReducedMotion } from '../test/fixtures';
import { CelebrationDialog } from './celebration-dialog';

describe('CelebrationDialog', () => {
  it('announces each unlocked achievement with its title and points, in a labelled dialog', () => {
    stubReducedMotion(false);
    const gettingStarted = achievement({ id: 'streak-3', title: 'Getting Started', points: 20 });
    renderWithShell(
      <CelebrationDialog open achievements={[firstSteps(), gettingStarted]} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: '2 achievements unlocked!' });
    expect(dialog).toHaveTextContent('First Steps');
    expect(dialog).toHaveTextContent('+10 points');
    expect(dialog).toHaveTextContent('Getting Started');
    expect(dialog).toHaveTextContent('+20 points');
  });

  it('plays the confetti when motion is allowed', () => {
    stubReducedMotion(false);
    renderWithShell(<CelebrationDialog open achievements={[firstSteps()]} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Achievement unlocked!' })).toBeVisible();
    expect(screen.getByTestId('confetti')).toBeInTheDocument();
  });

  it('leaves the confetti out under prefers-reduced-motion: reduce', () => {
    stubReducedMotion(true);
    renderWithShell(<CelebrationDialog open achievements={[firstSteps()]} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Achievement unlocked!' })).toHaveTextContent(
      'First Steps',
    );
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  });

  it('is dismissed with Escape, and its button has the focus', async () => {
    stubReducedMotion(true);
    const onClose = vi.fn();
    renderWithShell(<CelebrationDialog open achievements={[firstSteps()]} onClose={onClose} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hooray!' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
