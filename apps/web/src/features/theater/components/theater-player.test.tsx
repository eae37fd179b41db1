import { makeActivity } from '@kkb/core/activities/test-activity';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../../test/fake-fetch';
import { renderWithQuery } from '../../achievements/test/render';
import { TheaterPlayer } from './theater-player';

const activity = makeActivity({
  id: 'act-1',
  title: 'Paper boats',
  duration: 20,
  materials: ['Paper', 'A tub of water'],
  instructions: ['Fold the paper in half.', 'Fold the corners down.', 'Float the boat.'],
  tips: ['Use thin paper.'],
});

const heading = () => screen.getByRole('heading', { level: 2 });

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TheaterPlayer step navigation', () => {
  it('starts at the materials checklist and goes one step at a time with the buttons', async () => {
    const user = userEvent.setup();
    renderWithQuery(<TheaterPlayer activity={activity} />);
    expect(heading()).toHaveTextContent('What you need');
    await user.click(screen.getByRole('checkbox', { name: 'Paper' }));
    expect(screen.getByText('1 of 2 ready')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(heading()).toHaveTextContent('Step 1 of 3');
    expect(screen.getByText('Fold the paper in half.')).toBeVisible();
    expect(screen.getByText('Use thin paper.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading()).toHaveTextContent('Step 2 of 3');
    expect(screen.queryByText('Use thin paper.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(heading()).toHaveTextContent('Step 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading()).toHaveTextContent('Step 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(heading()).toHaveTextContent('All done!');
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Next|Finish/ })).toBeDisabled();
  });

  it('turns pages with the arrow keys, but not while typing in a field', async () => {
    const user = userEvent.setup();
    renderWithQuery(
      <>
        <input aria-label="Notes" />
        <TheaterPlayer activity={activity} />
      </>,
    );
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(heading()).toHaveTextContent('Step 2 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(heading()).toHaveTextContent('Step 1 of 3');
    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.keyboard('{ArrowRight}');
    expect(heading()).toHaveTextContent('Step 1 of 3');
  });

  it('turns pages with a horizontal swipe and ignores a vertical one', () => {
    renderWithQuery(<TheaterPlayer activity={activity} />);
    const stage = screen.getByRole('region', { name: 'What you need' });
    const swipe = (dx: number, dy: number) => {
      fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 200, clientY: 200 });
      fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 200 + dx, clientY: 200 + dy });
    };
    swipe(-120, 10);
    expect(heading()).toHaveTextContent('Step 1 of 3');
    swipe(-30, 0);
    swipe(-80, 200);
    expect(heading()).toHaveTextContent('Step 1 of 3');
    swipe(120, 0);
    expect(heading()).toHaveTextContent('What you need');
  });
});

describe('TheaterPlayer timers', () => {
  it('times the activity from the first step and prefills the minutes in Mark as done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithQuery(<TheaterPlayer activity={activity} />);
    const clock = screen.getByRole('timer', { name: 'Activity timer' });
    expect(clock).toHaveTextContent('0:00');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    act(() => vi.advanceTimersByTime(4 * 60_000 + 40_000));
    expect(clock).toHaveTextContent('4:40');

    await user.click(screen.getByRole('button', { name: 'Pause timer' }));
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(clock).toHaveTextContent('4:40');
    await user.click(screen.getByRole('button', { name: 'Start timer' }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(clock).toHaveTextContent('5:00');

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(heading()).toHaveTextContent('All done!');
    act(() => vi.advanceTimersByTime(60_000));
    expect(clock).toHaveTextContent('5:00');
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as done' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(5);
  });

  it("prefills the activity's own minutes when the timer never ran", async () => {
    const user = userEvent.setup();
    renderWithQuery(<TheaterPlayer activity={{ ...activity, instructions: [] }} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(heading()).toHaveTextContent('All done!');
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as done' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(20);
  });

  it('counts a step timer down and says when the time is up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithQuery(<TheaterPlayer activity={activity} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(screen.getByRole('button', { name: '1 min' }));
    const countdown = screen.getByRole('timer', { name: 'Step timer' });
    expect(countdown).toHaveTextContent('1:00');
    act(() => vi.advanceTimersByTime(30_000));
    expect(countdown).toHaveTextContent('0:30');
    act(() => vi.advanceTimersByTime(30_500));
    expect(screen.queryByRole('timer', { name: 'Step timer' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Time is up!');
  });
});
