import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';

interface State {
  failed: boolean;
}

/**
 * Keeps the site frame when a page cannot render, typically because its code chunk is gone after a
 * new deploy (the server answers 404 for old assets): the member sees why and can reload.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    // Navigating elsewhere gives the next page a fresh chance.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center"
        role="alert"
        data-testid="page-error"
      >
        <h1 className="text-2xl font-semibold">This page could not be loaded</h1>
        <p className="text-muted-foreground">
          Threadswap may have been updated since you opened it. Reload to get the latest version.
        </p>
        <Button onClick={() => window.location.reload()} data-testid="button-reload-page">
          Reload
        </Button>
      </div>
    );
  }
}
