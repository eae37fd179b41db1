import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../test/render';
import { AsOfNotice } from './as-of-notice';

describe('AsOfNotice', () => {
  it('says how old the saved data is, with the machine-readable time', async () => {
    const since = Date.now() - 60_000;
    renderWithShell(<AsOfNotice since={since} />);
    const notice = await screen.findByText(/, as of /);
    expect(notice).toHaveTextContent(
      /^Saved on this device, as of .+\. It updates when you're back online\.$/,
    );
    expect(notice.querySelector('time')).toHaveAttribute('datetime', new Date(since).toISOString());
    expect(screen.getByRole('status')).toContainElement(notice);
  });

  it('names what is shown and what follows when the page says so', async () => {
    renderWithShell(
      <AsOfNotice since={Date.now()} what="Your last suggestions">
        New ones come when you&apos;re back online.
      </AsOfNotice>,
    );
    expect(await screen.findByText(/, as of /)).toHaveTextContent(
      /^Your last suggestions, as of .+\. New ones come when you're back online\.$/,
    );
  });

  it('shows nothing while the data is current', () => {
    renderWithShell(<AsOfNotice since={undefined} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
