import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { boot } from './app/boot';
import { BootFailure } from './app/BootFailure';
import { setAppNavigator } from './app/navigate';
import './app/plugins';
import { buildRoutes } from './app/router';
import { installPreloadErrorReload } from './shared/chunkReload';

installPreloadErrorReload();
const root = createRoot(document.getElementById('root')!);

async function start() {
  try {
    await boot();
  } catch (error) {
    console.error(error);
    root.render(<BootFailure onRetry={() => void start()} />);
    return;
  }
  const router = createBrowserRouter(buildRoutes());
  setAppNavigator(router);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
