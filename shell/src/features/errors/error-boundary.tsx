import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

interface Props {
  children: ReactNode;
  /** a custom fallback for some errors; undefined falls back to the error page */
  fallback?: (error: Error) => ReactNode | undefined;
}

interface State {
  error: Error | null;
  componentStack: string | null;
}

/** Catches render errors of what it wraps, so one broken area never blanks the page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('UI error', error, info.componentStack);
    this.setState({ componentStack: info.componentStack ?? null });
  }

  override render() {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback?.(error) ?? <ErrorPage message={error.message} componentStack={componentStack} />;
  }
}
