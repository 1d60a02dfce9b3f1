import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
    return <PageError />;
  }
}

/** What a page that failed to render shows instead: why, and a way to reload. */
function PageError() {
  const { t } = useTranslation('layout');
  return (
    <div
      className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center"
      role="alert"
      data-testid="page-error"
    >
      <h1 className="text-2xl font-semibold">{t('pageError.title')}</h1>
      <p className="text-muted-foreground">{t('pageError.body')}</p>
      <Button onClick={() => window.location.reload()} data-testid="button-reload-page">
        {t('pageError.reload')}
      </Button>
    </div>
  );
}
