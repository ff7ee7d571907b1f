import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { StudentErrorPage } from './student-error-page';

interface Props {
  children: ReactNode;
  /** the page's path: a caught error is dropped when it changes */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
  /** bumped by a retry, so the pages below mount afresh */
  attempt: number;
}

/** A page's code that failed to download: only loading the page again fetches it (React.lazy keeps the failure). */
const isChunkFailure = (error: Error) => error.name === 'ChunkLoadError' || /Loading (CSS )?chunk/i.test(error.message);

/**
 * Failures inside the student area's pages show the student error page (spec 2 §2.17) instead of the
 * shell's technical one; the frame (tabs, quote) stays. The error is logged with its component stack.
 */
export class StudentErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Student area error', error, info.componentStack);
  }

  private readonly retry = () => {
    if (this.state.error && isChunkFailure(this.state.error)) window.location.reload();
    else this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));
  };

  override render() {
    if (this.state.error) return <StudentErrorPage onRetry={this.retry} />;
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}
