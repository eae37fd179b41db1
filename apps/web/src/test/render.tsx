import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { theme } from '../app/theme';
import { ConnectivityProvider } from '../hooks/use-connectivity';

/** Renders `ui` with the app theme, connectivity and a memory router at `route`. */
export function renderWithShell(
  ui: ReactElement,
  { route = '/', ...options }: { route?: InitialEntry } & Omit<RenderOptions, 'wrapper'> = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ThemeProvider theme={theme} defaultMode="light">
        <CssBaseline />
        <MemoryRouter initialEntries={[route]}>
          <ConnectivityProvider>{children}</ConnectivityProvider>
        </MemoryRouter>
      </ThemeProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}
