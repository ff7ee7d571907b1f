import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

interface Props {
  children: ReactNode;
  /** a custom fallback for some errors; undefined falls back to the error page */
  fallback?: (error: Error) => ReactNode | undefined;
  /** when it changes (the page's path), a caught error is dropped and the children render again */
  resetKey?: string;
}

interface State {
  error: Error | null;
  componentStack: string | null;
  resetKey: string | undefined;
}

/** Catches render errors of what it wraps, so one broken area never blanks the page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, componentStack: null, resetKey: props.resetKey };
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
