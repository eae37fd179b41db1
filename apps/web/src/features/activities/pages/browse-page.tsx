import { CATEGORIES } from '@kkb/core/activities/categories';
import { FALLBACK_ACTIVITIES } from '@kkb/core/activities/fallback';
import {
  PLAY_SETTINGS,
  SETTING_LABELS,
  SKILL_LABELS,
  SKILLS,
} from '@kkb/core/activities/practical-fields';
import { ZSeason, ZWeatherCondition } from '@kkb/core/activities/schema';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useState } from 'react';
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
  agesLabel,
  browseStateFrom,
  countFilters,
  hasAgeFilter,
  hasFilters,
  withChildrenAges,
  withFilter,
  type FilterKey,
} from '../components/browse-filters';
import { useProfile } from '../../family/api/get-profile';
import { browsesAllAges, rememberBrowseAllAges } from '../../../lib/storage';
import { primaryTextSx } from '../../../components/layout/primary-text';
import { isOfflineWithoutData } from '../../../lib/offline-caches';
import { AsOfNotice } from '../../../components/feedback/as-of-notice';
import { useSavedSince } from '../../../hooks/use-saved-since';
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
  /** The chip's words of an active filter, when the label alone would not say which ("None"). */
  chip?: string;
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
const PREP_OPTIONS: Option[] = [
  { value: '0', label: 'None', chip: 'No adult prep' },
  { value: '5', label: 'Up to 5 min', chip: 'Prep up to 5 min' },
  { value: '15', label: 'Up to 15 min', chip: 'Prep up to 15 min' },
];
const MESS_OPTIONS: Option[] = [
  { value: 'none', label: 'No mess' },
  { value: 'some', label: 'A little at most', chip: 'A little mess at most' },
];
const SKILL_OPTIONS: Option[] = SKILLS.map((value) => ({
  value,
  label: SKILL_LABELS[value],
  chip: `Skill: ${SKILL_LABELS[value]}`,
}));
const SETTING_OPTIONS: Option[] = PLAY_SETTINGS.map((value) => ({
  value,
  label: SETTING_LABELS[value],
  chip: `Where: ${SETTING_LABELS[value]}`,
}));

/**
 * The options with the URL's value among them: a hand-edited link may hold one the select does not
 * offer (a prep of 10 minutes, mess "lots"), which it then shows instead of an empty select.
 */
function withValue(
  options: Option[],
  value: string | null,
  words: (value: string) => Omit<Option, 'value'>,
): Option[] {
  return value === null || value === '' || options.some((o) => o.value === value)
    ? options
    : [...options, { value, ...words(value) }];
}

/** A filter of the list: its URL key, its label and its choices. */
interface Filter {
  key: Exclude<FilterKey, 'search'>;
  label: string;
  options: Option[];
}

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

/**
 * `/browse`: every filter and the search, kept in the URL; pages; the fallback set on failure. On
 * a phone the filters wait in a sheet behind one button, the active ones shown as chips. The age
 * filter starts at the family's children's ages, until the parent clears it.
 */
export function BrowsePage() {
  const [urlParams, setSearchParams] = useQueryParams();
  // The children's ages, unless the link or the parent chose ages (or cleared them): from the
  // first render, the profile being known by then, and the URL follows. Set after the first
  // render, the list drew every age first and then the children's, a jump of the whole page.
  const { data: profile } = useProfile();
  const childAges = profile?.familyInfo.children.map((child) => child.age) ?? [];
  const presetAges = !hasAgeFilter(urlParams) && !browsesAllAges() && childAges.length > 0;
  const searchParams = presetAges ? withChildrenAges(urlParams, childAges) : urlParams;
  const youngest = presetAges ? Math.min(...childAges) : undefined;
  const oldest = presetAges ? Math.max(...childAges) : undefined;
  useEffect(() => {
    if (youngest === undefined || oldest === undefined) return;
    setSearchParams(
      (current) =>
        hasAgeFilter(current) ? current : withChildrenAges(current, [youngest, oldest]),
      { replace: true },
    );
  }, [youngest, oldest, setSearchParams]);
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
  const savedSince = useSavedSince(...(phone ? growingList.pages : [pagedList]));
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
    const next = withFilter(searchParams, key, value);
    if (key === 'ageMin' || key === 'ageMax') rememberBrowseAllAges(!hasAgeFilter(next));
    setSearchParams(next);
  };
  const clearFilters = () => {
    if (hasAgeFilter(searchParams)) rememberBrowseAllAges(true);
    setSearchParams(new URLSearchParams());
  };

  const filters: Filter[] = [
    { key: 'category', label: 'Category', options: categoryOptions },
    { key: 'difficulty', label: 'Difficulty', options: DIFFICULTY_OPTIONS },
    { key: 'location', label: 'Location', options: LOCATION_OPTIONS },
    { key: 'ageMin', label: 'Youngest age', options: AGE_OPTIONS },
    { key: 'ageMax', label: 'Oldest age', options: AGE_OPTIONS },
    { key: 'weather', label: 'Weather', options: WEATHER_OPTIONS },
    { key: 'energyLevel', label: 'Energy', options: ENERGY_OPTIONS },
    { key: 'season', label: 'Season', options: SEASON_OPTIONS },
    { key: 'noMaterials', label: 'Materials', options: MATERIALS_OPTIONS },
    {
      key: 'maxPrepMinutes',
      label: 'Adult prep',
      options: withValue(PREP_OPTIONS, searchParams.get('maxPrepMinutes'), (minutes) => ({
        label: `Up to ${minutes} min`,
        chip: `Prep up to ${minutes} min`,
      })),
    },
    {
      key: 'mess',
      label: 'Mess',
      options: withValue(MESS_OPTIONS, searchParams.get('mess'), () => ({
        label: 'Any amount',
        chip: 'Any amount of mess',
      })),
    },
    { key: 'skill', label: 'Skill', options: SKILL_OPTIONS },
    { key: 'setting', label: 'Where', options: SETTING_OPTIONS },
  ];
  const selects = filters.map((filter) => (
    <FilterSelect
      key={filter.key}
      label={filter.label}
      options={filter.options}
      value={searchParams.get(filter.key) ?? ''}
      onChange={(value) => setFilter(filter.key, value)}
    />
  ));
  // The active filters as chips (a phone's, beside the button), each removable; the ages as one.
  const chips = filters
    .filter(({ key }) => key !== 'ageMin' && key !== 'ageMax')
    .filter(({ key }) => (searchParams.get(key) ?? '') !== '')
    .map(({ key, options }) => {
      const value = searchParams.get(key) ?? '';
      const option = options.find((o) => o.value === value);
      return {
        key,
        label: option?.chip ?? option?.label ?? value,
        clear: () => setFilter(key, ''),
      };
    });
  if (hasAgeFilter(searchParams)) {
    chips.unshift({
      key: 'ageMin',
      label: agesLabel(searchParams),
      clear: () => {
        rememberBrowseAllAges(true);
        const next = withFilter(searchParams, 'ageMin', '');
        next.delete('ageMax');
        setSearchParams(next);
      },
    });
  }
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetTitleId = useId();
  const filterCount = countFilters(searchParams);

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
          Find something to play by age, place, weather and energy, or by prep, mess and skill.
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
          {phone ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Button
                variant="outlined"
                startIcon={<TuneIcon />}
                aria-haspopup="dialog"
                onClick={() => setSheetOpen(true)}
              >
                Filters{filterCount > 0 ? ` (${filterCount})` : ''}
              </Button>
              {chips.map((chip) => (
                <Chip
                  key={chip.key}
                  label={chip.label}
                  onClick={chip.clear}
                  onDelete={chip.clear}
                  aria-label={`${chip.label}: remove this filter`}
                />
              ))}
            </Stack>
          ) : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              {selects}
              {hasFilters(searchParams) && (
                <Button onClick={clearFilters} sx={primaryTextSx}>
                  Clear filters
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Box>
      {phone && (
        <Drawer
          anchor="bottom"
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-modal': true,
              'aria-labelledby': sheetTitleId,
              sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '90dvh' },
            },
          }}
        >
          <Stack spacing={2} sx={{ p: 2, pb: 'calc(16px + env(safe-area-inset-bottom))' }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography id={sheetTitleId} variant="h6" component="h2">
                Filters
              </Typography>
              <IconButton aria-label="Close filters" onClick={() => setSheetOpen(false)}>
                <CloseIcon />
              </IconButton>
            </Stack>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}
            >
              {selects}
            </Box>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
              <Button
                onClick={clearFilters}
                disabled={!hasFilters(searchParams)}
                sx={primaryTextSx}
              >
                Clear filters
              </Button>
              <Button variant="contained" onClick={() => setSheetOpen(false)}>
                {total === undefined
                  ? 'Show activities'
                  : `Show ${total} ${total === 1 ? 'activity' : 'activities'}`}
              </Button>
            </Stack>
          </Stack>
        </Drawer>
      )}
      <Typography role="status" color="text.secondary">
        {total === undefined ? '' : `${total} ${total === 1 ? 'activity' : 'activities'} found`}
      </Typography>
      {state.valid && <AsOfNotice since={savedSince} />}
      {results}
    </Stack>
  );
}
