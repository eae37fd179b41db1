import type { TChild } from '@kkb/core/family/schema';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../test/render';
import { DEFAULT_CHOICES } from './kept-plan';
import { PlanForm } from './plan-form';

const child = (id: string, name: string, age: number): TChild => ({
  id,
  name,
  age,
  interests: [],
  avatar: null,
  ageRange: [age, age + 2],
  preferences: { indoorOutdoor: 'both', favoriteTypes: [], availableTimeSlots: ['afternoon'] },
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
});

/** The form with its choices held as the planner page holds them. */
function Form({ childList, onPlan }: { childList: TChild[]; onPlan: () => void }) {
  const [choices, setChoices] = useState(DEFAULT_CHOICES);
  return (
    <PlanForm
      childList={childList}
      defaultMinutes={45}
      today="2026-05-13"
      pending={false}
      error={null}
      choices={choices}
      onChoicesChange={setChoices}
      onPlan={onPlan}
    />
  );
}

const form = (childList: TChild[], onPlan = vi.fn()) => (
  <Form childList={childList} onPlan={onPlan} />
);

describe('the plan form', () => {
  it('a child added while the form is open plays too, unless unticked', async () => {
    const onPlan = vi.fn();
    const { rerender } = renderWithShell(form([child('noa', 'Noa', 3)], onPlan));
    rerender(form([child('noa', 'Noa', 3), child('eli', 'Eli', 8)], onPlan));
    expect(screen.getByRole('checkbox', { name: 'Eli (8)' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Noa (3)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Plan it' }));
    expect(onPlan).toHaveBeenCalledWith({
      startDate: '2026-05-16',
      days: 2,
      childIds: ['eli'],
      slots: [{ start: '15:00', minutes: 45, on: 'every-day' }],
    });
  });

  it('edited windows are sent as edited, and one that runs past midnight is refused', async () => {
    const onPlan = vi.fn();
    renderWithShell(form([child('noa', 'Noa', 3)], onPlan));
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add time' }));
    const start = screen.getByLabelText('Time 2 starts');
    await userEvent.clear(start);
    await userEvent.type(start, '23:50');
    await userEvent.click(screen.getByRole('button', { name: 'Plan it' }));
    expect(screen.getByText('Pick a start and length that end by midnight')).toBeVisible();
    expect(onPlan).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove time 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Plan it' }));
    expect(onPlan).toHaveBeenCalledWith(
      expect.objectContaining({ startDate: '2026-05-13', days: 1 }),
    );
  });
});
