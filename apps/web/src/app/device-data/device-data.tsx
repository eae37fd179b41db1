import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getRecentPlayQueryOptions } from '../../features/achievements/api/get-recent-play';
import { useKeptDeviceCatalogue } from '../../features/activities/api/get-catalogue';
import { getUserActivitiesQueryOptions } from '../../features/activities/api/get-user-activities';
import { getWeatherQueryOptions } from '../../features/activities/api/get-weather';
import { pageSettled } from '../../lib/page-settled';

/**
 * How long the page's own requests must have been quiet before the catalogue is fetched: its
 * built-in part is the app's largest download and its heaviest work on the main thread (1.2 MB
 * parsed, stored and handed to the pages), so it comes after the page's first answers, the live
 * stream and the kept pages (3 s): on a loaded 2-core machine, fetched after 1 s it held up the
 * parent's first taps on the page for seconds.
 */
export const CATALOGUE_SETTLE_MS = 5_000;

/**
 * What the device keeps for a signed-in parent (rendered while one is), whichever page is open (issue 30, DESIGN
 * "Local-first"): the catalogue, and the ranking's inputs besides the profile (which every page
 * loads): the family's marks, its recent play and the weather. So the pages that read activities work offline,
 * even one never opened before, and rank as the server does.
 */
export function DeviceData({ settleMs = CATALOGUE_SETTLE_MS }: { settleMs?: number }) {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    const cancelled = new AbortController();
    void pageSettled(queryClient, settleMs, cancelled.signal).then(() => setSettled(true));
    return () => cancelled.abort();
  }, [settled, queryClient, settleMs]);
  useKeptDeviceCatalogue(settled);
  useQuery(getUserActivitiesQueryOptions());
  useQuery(getWeatherQueryOptions());
  useQuery(getRecentPlayQueryOptions());
  return null;
}
