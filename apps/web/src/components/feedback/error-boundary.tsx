import { Component, type ReactNode } from 'react';

export interface ErrorFallbackProps {
  error: unknown;
  /** Clears the error and renders the children again. */
  reset: () => void;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: (props: ErrorFallbackProps) => ReactNode;
  /** Called after `reset`, e.g. to refetch what failed. */
  onReset?: () => void;
  /** Resets when it changes while the fallback shows: the location, so navigating clears it. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Catches render errors below it and shows `fallback`. React offers error boundaries only as
 * class components, hence the one class of the app. React itself reports what a boundary catches
 * (console.error), so the boundary does not log it again.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidUpdate(prevProps: ErrorBoundaryProps, prevState: ErrorBoundaryState): void {
    // Only an error caught before the key changed: one thrown in the render that brought the new
    // key belongs to it.
    if (prevState.failed && this.state.failed && prevProps.resetKey !== this.props.resetKey) {
      this.reset();
    }
  }

  private readonly reset = () => {
    this.setState({ error: null, failed: false });
    this.props.onReset?.();
  };

  override render(): ReactNode {
    if (this.state.failed) {
      return this.props.fallback({ error: this.state.error, reset: this.reset });
    }
    return this.props.children;
  }
}
