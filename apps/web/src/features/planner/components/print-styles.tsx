import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * Printing the plan: only the plan on white paper, without the app's bars, the form, the buttons
 * or the floating background, and a day is not split across pages where it fits on one.
 */
export function PlanPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '.MuiAppBar-root, nav, .MuiSnackbar-root, [data-testid="floating-background"], .kkb-no-print':
            {
              display: 'none !important',
            },
          body: { background: '#fff !important' },
          main: { padding: '0 !important' },
          '.kkb-plan-day': { breakInside: 'avoid', boxShadow: 'none !important' },
          '.kkb-plan-item a': { color: 'inherit', textDecoration: 'none' },
        },
      }}
    />
  );
}
