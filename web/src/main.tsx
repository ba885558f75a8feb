import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { boot } from './app/boot';
import { BootFailure } from './app/BootFailure';
import { setAppNavigator } from './shared/routing/navigate';
import './app/plugins';
import { startIdlePrefetch, warmCurrentRoute } from './app/prefetch';
import { buildRoutes } from './app/router';
import { installPreloadErrorReload } from './shared/chunkReload';
import { installModalTabWrap } from './shared/ui/modalFocus';
import { nextTask } from './shared/idle';

// First: the global sheet's <link> then precedes the sheets of the screens loading below.
const globalStyles = import('./app/globalStyles');
installPreloadErrorReload();
installModalTabWrap();
const root = createRoot(document.getElementById('root')!);

// The screen being opened loads while the app boots, not after.
warmCurrentRoute(location.pathname);

async function start() {
  // The start-up in tasks of its own, so that none holds the phone's main thread long: the
  // modules' own start, the boot, the router's route table (some 20 ms on a fast machine),
  // then the first render.
  await nextTask();
  try {
    await Promise.all([boot(), globalStyles]);
  } catch (error) {
    console.error(error);
    await globalStyles.catch(() => undefined);
    root.render(<BootFailure onRetry={() => void start()} />);
    return;
  }
  await nextTask();
  const router = createBrowserRouter(buildRoutes());
  setAppNavigator(router);
  await nextTask();
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  // Once the app is idle: the code of the screens likely opened next (spec section 9).
  startIdlePrefetch(router);
}

void start();
