import { Component, type ErrorInfo, type ReactNode } from 'react';

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
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Catches render errors below it and shows `fallback`. React offers error boundaries only as
 * class components, hence the one class of the app.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error caught by ErrorBoundary', error, info.componentStack);
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
