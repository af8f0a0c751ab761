import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from '../components/route-error.tsx';

type Props = { children: ReactNode; locationKey: string };
type State = { error: unknown; locationKey: string };

/** Catches a page that failed to load or render; going elsewhere tries again. */
class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // A new location clears the error, as the router's own error element did.
    return props.locationKey === state.locationKey ? null : { error: undefined, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to load or render', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError />;
  }
}

/** The error page in place of the frame when a page fails (for example a chunk missing after a deploy). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary locationKey={location.key}>{children}</ErrorBoundary>;
}
