import { useEffect } from 'react';
import { useAttentionCount } from '../counters';
import { useSettings } from '../site';
import { composeTitle, setAppBadge, usePageTitleStore } from './pageTitle';

/** Keeps document.title and the app badge up to date. */
export function DocumentTitle() {
  const count = useAttentionCount();
  const siteName = useSettings((s) => s.settings?.name ?? '');
  const indexTitle = useSettings((s) => s.settings?.index_title ?? null);
  const pageTitle = usePageTitleStore((s) => s.pageTitle);
  const home = usePageTitleStore((s) => s.home);

  useEffect(() => {
    document.title = composeTitle({ count, pageTitle, siteName, homeTitle: home ? indexTitle || siteName : null });
  }, [count, pageTitle, siteName, home, indexTitle]);

  useEffect(() => setAppBadge(count), [count]);
  return null;
}
