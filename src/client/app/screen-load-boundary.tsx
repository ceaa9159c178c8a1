import { Component, Fragment, type ReactNode } from 'react';
import { Button } from '../components/ui/button.tsx';
import { t } from '../lib/i18n.ts';
import { ScreenLoadError, type LazyScreen } from '../lib/lazy-screen.ts';

interface Props {
  screen: Pick<LazyScreen, 'load'>;
  children: ReactNode;
}

interface State {
  error: unknown;
  retrying: boolean;
  /** Bumped after a successful retry, so the screen mounts afresh with the code that arrived. */
  attempt: number;
}

/**
 * Inside the desktop frame: when a screen's code cannot be downloaded (the connection dropped,
 * or a deploy replaced the chunks), the sidebar stays and the screen offers to try again. Any
 * other error goes on to the app's error screen (docs/product.md §13.1).
 */
export class ScreenLoadBoundary extends Component<Props, State> {
  override state: State = { error: null, retrying: false, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, retrying: false };
  }

  override componentDidUpdate(previous: Props) {
    // Another route, another screen: whatever failed before does not concern it.
    if (previous.screen !== this.props.screen && this.state.error !== null) this.setState({ error: null, retrying: false });
  }

  private retry = () => {
    this.setState({ retrying: true });
    this.props.screen.load().then(
      () => this.setState((state) => ({ error: null, retrying: false, attempt: state.attempt + 1 })),
      () => this.setState({ retrying: false }),
    );
  };

  override render() {
    const { error, retrying, attempt } = this.state;
    if (error === null) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    // Not a download failure: the app's error screen takes it.
    if (!(error instanceof ScreenLoadError)) throw error;
    return (
      <div role="alert" className="mx-auto max-w-md rounded-2xl bg-white p-8 text-center shadow-sm dark:bg-slate-900">
        <h2 className="text-xl font-bold">{t('app.screenLoad.title')}</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('app.screenLoad.message')}</p>
        <Button className="mt-6" onClick={this.retry} disabled={retrying}>
          {retrying ? t('app.screenLoad.retrying') : t('app.screenLoad.retry')}
        </Button>
      </div>
    );
  }
}
