import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigate, useSearchParams, type NavigateOptions } from 'react-router';

type QueryUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

interface Asked {
  /** The rendered query when the first of `queries` was asked for. */
  from: string;
  /** Queries asked for, oldest first, that the page has not rendered yet. */
  queries: string[];
}

/**
 * `useSearchParams` for pages whose controls change the query one after another (filters, then
 * the search box). The router renders a navigation as a transition, so until that render is done
 * `useSearchParams` still holds the query from before it; a change made meanwhile would start from
 * that older query and undo the one before (a parent picks "Outdoor", types "leaf", and loses
 * "Outdoor"). Here a change starts from the last query asked for while the page is catching up.
 */
export function useQueryParams(): [
  URLSearchParams,
  (update: QueryUpdate, options?: NavigateOptions) => void,
] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const asked = useRef<Asked>({ from: '', queries: [] });
  const rendered = searchParams.toString();

  // As the page renders a query, those asked for up to it are done; a query not asked for came
  // from elsewhere (back, forward, a link), and what was still on its way is overtaken.
  useLayoutEffect(() => {
    const { from, queries } = asked.current;
    if (queries.length === 0 || rendered === from) return;
    const index = queries.lastIndexOf(rendered);
    asked.current = { from, queries: index < 0 ? [] : queries.slice(index + 1) };
  }, [rendered]);

  const setQuery = useCallback(
    (update: QueryUpdate, options?: NavigateOptions) => {
      const { queries } = asked.current;
      const from = queries.length === 0 ? rendered : asked.current.from;
      const current = new URLSearchParams(queries.at(-1) ?? rendered);
      const query = (typeof update === 'function' ? update(current) : update).toString();
      asked.current = { from, queries: [...queries, query] };
      void navigate(`?${query}`, options);
    },
    [navigate, rendered],
  );
  return [searchParams, setQuery];
}
