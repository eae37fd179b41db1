import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { themeFor } from '../app/theme';
import { AuthContext, type AuthState } from '../features/auth/components/use-auth';
import { ConnectivityProvider } from '../hooks/use-connectivity';
import { testUser } from './auth-fixtures';

/** Pages are shown to a signed-in user unless a test says otherwise (or brings AuthProvider). */
const SIGNED_IN: AuthState = { status: 'authenticated', user: testUser };

/** Renders `ui` with the app theme, connectivity, an auth state and a memory router at `route`. */
export function renderWithShell(
  ui: ReactElement,
  {
    route = '/',
    auth = SIGNED_IN,
    ...options
  }: { route?: InitialEntry; auth?: AuthState } & Omit<RenderOptions, 'wrapper'> = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ThemeProvider theme={themeFor('light')}>
        <CssBaseline />
        <MemoryRouter initialEntries={[route]}>
          <AuthContext value={auth}>
            <ConnectivityProvider>{children}</ConnectivityProvider>
          </AuthContext>
        </MemoryRouter>
      </ThemeProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}
