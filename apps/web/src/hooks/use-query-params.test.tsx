import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useQueryParams } from './use-query-params';

const withParam = (name: string, value: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.set(name, value);
  return next;
};

/** Two changes before the page renders the first: a filter, then the search box. */
function Controls({ ordered }: { ordered: boolean }) {
  const routerParams = useSearchParams();
  const orderedParams = useQueryParams();
  const [params, setParams] = ordered ? orderedParams : routerParams;
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="query">{params.toString()}</output>
      <button
        onClick={() => {
          setParams(withParam('location', 'outdoor'));
          setParams(withParam('search', 'leaf'));
        }}
      >
        Both
      </button>
      <button onClick={() => setParams(withParam('page', '2'))}>Page 2</button>
      <button onClick={() => void navigate(-1)}>Back</button>
    </>
  );
}

function renderControls(ordered: boolean, path = '/browse?category=nature') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Controls ordered={ordered} />
    </MemoryRouter>,
  );
  return screen.getByRole('status', { name: 'query' });
}

describe('useQueryParams: changes made before the page has rendered the last one', () => {
  it('the router alone loses the first change (the case the hook is for)', async () => {
    const query = renderControls(false);
    await userEvent.click(screen.getByRole('button', { name: 'Both' }));
    expect(query).toHaveTextContent(/^category=nature&search=leaf$/);
  });

  it('keeps every change, in order', async () => {
    const query = renderControls(true);
    await userEvent.click(screen.getByRole('button', { name: 'Both' }));
    expect(query).toHaveTextContent(/^category=nature&location=outdoor&search=leaf$/);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(query).toHaveTextContent(/^category=nature&location=outdoor&search=leaf&page=2$/);
  });

  it('after back, a change starts from the query the page went back to', async () => {
    const query = renderControls(true);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(query).toHaveTextContent(/^category=nature&page=2$/);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(query).toHaveTextContent(/^category=nature$/);
    await userEvent.click(screen.getByRole('button', { name: 'Both' }));
    expect(query).toHaveTextContent(/^category=nature&location=outdoor&search=leaf$/);
  });
});
