import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderWithShell } from '../../../test/render';
import { AnimationStudioPage } from './animation-studio-page';

/** jsdom draws nothing: a blank frame is this picture. */
const BLANK = 'data:image/png;base64,YmxhbmstZnJhbWU=';

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(BLANK);
  const server = installFakeFetch();
  server.on('GET /api/v1/animations', () => jsonResponse(200, { animations: [] }));
});

function renderStudio() {
  renderWithShell(
    <QueryClientProvider client={createQueryClient()}>
      <AnimationStudioPage />
    </QueryClientProvider>,
    { route: '/animation-studio' },
  );
  return userEvent.setup();
}

/** Whether `first` comes before `second` in the page, as the keyboard and a narrow screen meet them. */
function precedes(first: Element, second: Element): boolean {
  return Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe('AnimationStudioPage', () => {
  it('puts Play, Add frame, Undo and Redo right after the canvas, then the frames, then the tools', () => {
    renderStudio();
    const inOrder = [
      screen.getByRole('img', { name: 'Drawing of frame 1' }),
      screen.getByRole('button', { name: 'Play' }),
      screen.getByRole('button', { name: 'Add frame' }),
      screen.getByRole('button', { name: 'Undo' }),
      screen.getByRole('button', { name: 'Redo' }),
      screen.getByRole('list', { name: 'Frames' }),
      screen.getByRole('group', { name: 'Tool' }),
      screen.getByRole('radiogroup', { name: 'Colour' }),
      screen.getByRole('button', { name: 'Export GIF' }),
    ];
    for (const [index, element] of inOrder.slice(1).entries()) {
      expect(precedes(inOrder[index]!, element), element.textContent ?? '').toBe(true);
    }
  });

  it('Add frame adds a frame after the current one; Undo and Redo next to it take it away and back', async () => {
    const user = renderStudio();
    const frames = screen.getByRole('list', { name: 'Frames' });
    expect(within(frames).getAllByRole('button')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Add frame' }));
    expect(within(frames).getByRole('button', { name: 'Frame 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('img', { name: 'Drawing of frame 2' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(frames).getAllByRole('button')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(within(frames).getAllByRole('button')).toHaveLength(2);
  });

  it('Play shows the frames in place of the canvas and becomes Stop; frames wait meanwhile', async () => {
    const user = renderStudio();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('img', { name: 'Playing frame 1 of 1' })).toBeVisible();
    expect(screen.queryByRole('img', { name: /^Drawing of frame/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add frame' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole('img', { name: 'Drawing of frame 1' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add frame' })).toBeEnabled();
  });
});
