import { CATEGORIES } from '@kkb/core/activities/categories';
import { FALLBACK_ACTIVITIES } from '@kkb/core/activities/fallback';
import { ZSeason, ZWeatherCondition } from '@kkb/core/activities/schema';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { SkeletonGrid } from '../../../components/feedback/skeleton-grid';
import { useActivities, useActivityPages } from '../api/get-activities';
import { useCategories } from '../api/get-categories';
import { ActivityCard, ActivityGrid } from '../components/activity-card';
import {
  DIFFICULTY_LABELS,
  LOCATION_LABELS,
  SEASON_LABELS,
  WEATHER_LABELS,
} from '../components/activity-labels';
import {
  browseStateFrom,
  hasFilters,
  withFilter,
  type FilterKey,
} from '../components/browse-filters';
import { primaryTextSx } from '../../../components/layout/primary-text';
import { isOfflineWithoutData } from '../../../lib/offline-caches';
import { useQueryParams } from '../../../hooks/use-query-params';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;
export const FALLBACK_NOTICE =
  "We couldn't load activities right now, so here are a few favourites to get you going.";

/** On a phone, "Load more" adds this many; a multiple of every column count (1, 2, 3). */
export const PHONE_PAGE_SIZE = 12;

const AGES = Array.from({ length: 18 }, (_, age) => String(age));

interface Option {
  value: string;
  label: string;
}

const DIFFICULTY_OPTIONS: Option[] = Object.entries(DIFFICULTY_LABELS).map(([value, label]) => ({
  value,
  label,
}));
const LOCATION_OPTIONS: Option[] = Object.entries(LOCATION_LABELS).map(([value, label]) => ({
  value,
  label: value === 'both' ? 'Both' : label,
}));
const WEATHER_OPTIONS: Option[] = ZWeatherCondition.options.map((value) => ({
  value,
  label: WEATHER_LABELS[value],
}));
const ENERGY_OPTIONS: Option[] = ['Low', 'Medium', 'High'].map((value) => ({
  value,
  label: value,
}));
const AGE_OPTIONS: Option[] = AGES.map((age) => ({ value: age, label: age }));
const SEASON_OPTIONS: Option[] = ZSeason.options.map((value) => ({
  value,
  label: SEASON_LABELS[value],
}));
const MATERIALS_OPTIONS: Option[] = [{ value: 'true', label: 'Nothing to gather' }];

/** One filter as a select; "Any" clears it. */
function FilterSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      // "Any" shows and the label sits on the outline: unshrunk, a long label such as "Youngest
      // age" ran into the arrow of a select as narrow as its value.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 140, flex: { xs: '1 1 140px', md: '0 0 auto' } }}
    >
      <MenuItem value="">Any</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** `/browse`: every filter and the search, kept in the URL; pages; the fallback set on failure. */
export function BrowsePage() {
  const [searchParams, setSearchParams] = useQueryParams();
  const state = browseStateFrom(searchParams);
  const theme = useTheme();
  // A phone gets a growing list ("Load more"), the URL's page saying how far it has grown; wider
  // screens get pages of the API's size.
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const phoneParams = state.valid ? { ...state.params, skip: undefined } : undefined;
  const pagedList = useActivities(state.valid && !phone ? state.params : undefined);
  const growingList = useActivityPages(
    phone ? phoneParams : undefined,
    state.page,
    PHONE_PAGE_SIZE,
  );
  const activities = phone ? growingList : pagedList;
  const categories = useCategories();
  const categoryOptions: Option[] = (categories.data ?? CATEGORIES).map((c) => ({
    value: c.id,
    label: c.name,
  }));

  const urlSearch = searchParams.get('search') ?? '';
  const [searchText, setSearchText] = useState(urlSearch);
  // Back/forward or a shared link changes the URL: the box follows it (unless it was this box).
  const [syncedUrlSearch, setSyncedUrlSearch] = useState(urlSearch);
  if (urlSearch !== syncedUrlSearch) {
    setSyncedUrlSearch(urlSearch);
    if (urlSearch !== searchText.trim()) setSearchText(urlSearch);
  }
  useEffect(() => {
    if (searchText.trim() === urlSearch) return;
    const timer = setTimeout(() => {
      setSearchParams((current) => withFilter(current, 'search', searchText.trim()), {
        replace: true,
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, urlSearch, setSearchParams]);

  const setFilter = (key: FilterKey, value: string) => {
    setSearchParams((current) => withFilter(current, key, value));
  };

  let results;
  if (!state.valid) {
    results = <Alert severity="warning">{state.message}</Alert>;
  } else if (activities.data !== undefined) {
    const { total } = activities.data;
    const shown = activities.data.activities.length;
    let more = null;
    if (phone && shown < total) {
      more = (
        <Stack spacing={1} sx={{ alignItems: 'center', mt: 3 }}>
          <Typography color="text.secondary">
            Showing {shown} of {total}
          </Typography>
          <Button
            variant="outlined"
            loading={growingList.loadingMore}
            onClick={() => {
              // A page that failed to load is asked again before a further one is added.
              if (growingList.isError) {
                void growingList.refetch();
                return;
              }
              setSearchParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set('page', String(state.page + 1));
                  return next;
                },
                { replace: true },
              );
            }}
          >
            Load more
          </Button>
        </Stack>
      );
    } else if (!phone && pagedList.data !== undefined) {
      const pageCount = Math.max(1, Math.ceil(total / pagedList.data.limit));
      if (pageCount > 1) {
        more = (
          <Stack spacing={1} sx={{ alignItems: 'center', mt: 3 }}>
            <Typography>
              Page {state.page} of {pageCount}
            </Typography>
            <Pagination
              count={pageCount}
              page={Math.min(state.page, pageCount)}
              onChange={(_event, page) => {
                setSearchParams((current) => {
                  const next = new URLSearchParams(current);
                  if (page === 1) next.delete('page');
                  else next.set('page', String(page));
                  return next;
                });
                window.scrollTo({ top: 0 });
              }}
              color="primary"
            />
          </Stack>
        );
      }
    }
    results =
      total === 0 ? (
        <Alert severity="info">
          No activities match these filters. Try a shorter search or clear a filter.
        </Alert>
      ) : (
        <>
          <ActivityGrid label="Activities">
            {activities.data.activities.map((activity) => (
              <li key={activity.id}>
                <ActivityCard activity={activity} />
              </li>
            ))}
          </ActivityGrid>
          {more}
        </>
      );
  } else if (phone ? growingList.waitingOffline : isOfflineWithoutData(pagedList)) {
    results = <NoCachedData />;
  } else if (activities.isError) {
    results = (
      <Stack spacing={2}>
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void activities.refetch()}>
              Try again
            </Button>
          }
        >
          {FALLBACK_NOTICE}
        </Alert>
        <ActivityGrid label="Favourite activities">
          {FALLBACK_ACTIVITIES.map((activity) => (
            <li key={activity.id}>
              <ActivityCard activity={activity} />
            </li>
          ))}
        </ActivityGrid>
      </Stack>
    );
  } else {
    results = <SkeletonGrid />;
  }

  const total = state.valid ? activities.data?.total : undefined;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          Browse Activities
        </Typography>
        <Typography color="text.secondary">
          Find something to play by age, place, weather and energy.
        </Typography>
      </div>
      <Box
        component="form"
        role="search"
        aria-label="Filter activities"
        onSubmit={(e) => e.preventDefault()}
      >
        <Stack spacing={2}>
          <TextField
            type="search"
            label="Search activities"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden="true" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            <FilterSelect
              label="Category"
              options={categoryOptions}
              value={searchParams.get('category') ?? ''}
              onChange={(value) => setFilter('category', value)}
            />
            <FilterSelect
              label="Difficulty"
              options={DIFFICULTY_OPTIONS}
              value={searchParams.get('difficulty') ?? ''}
              onChange={(value) => setFilter('difficulty', value)}
            />
            <FilterSelect
              label="Location"
              options={LOCATION_OPTIONS}
              value={searchParams.get('location') ?? ''}
              onChange={(value) => setFilter('location', value)}
            />
            <FilterSelect
              label="Youngest age"
              options={AGE_OPTIONS}
              value={searchParams.get('ageMin') ?? ''}
              onChange={(value) => setFilter('ageMin', value)}
            />
            <FilterSelect
              label="Oldest age"
              options={AGE_OPTIONS}
              value={searchParams.get('ageMax') ?? ''}
              onChange={(value) => setFilter('ageMax', value)}
            />
            <FilterSelect
              label="Weather"
              options={WEATHER_OPTIONS}
              value={searchParams.get('weather') ?? ''}
              onChange={(value) => setFilter('weather', value)}
            />
            <FilterSelect
              label="Energy"
              options={ENERGY_OPTIONS}
              value={searchParams.get('energyLevel') ?? ''}
              onChange={(value) => setFilter('energyLevel', value)}
            />
            <FilterSelect
              label="Season"
              options={SEASON_OPTIONS}
              value={searchParams.get('season') ?? ''}
              onChange={(value) => setFilter('season', value)}
            />
            <FilterSelect
              label="Materials"
              options={MATERIALS_OPTIONS}
              value={searchParams.get('noMaterials') ?? ''}
              onChange={(value) => setFilter('noMaterials', value)}
            />
            {hasFilters(searchParams) && (
              <Button onClick={() => setSearchParams(new URLSearchParams())} sx={primaryTextSx}>
                Clear filters
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
      <Typography role="status" color="text.secondary">
        {total === undefined ? '' : `${total} ${total === 1 ? 'activity' : 'activities'} found`}
      </Typography>
      {results}
    </Stack>
  );
}
