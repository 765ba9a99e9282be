import { Component, type ReactNode } from 'react';
import { ErrorFallback } from '../../pages/ErrorFallback';

interface Props {
  children: ReactNode;
}

/** Catches a screen that throws and offers Try Again (render it anew) or Reload Page. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (this.state.failed) return <ErrorFallback onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
