import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/ErrorPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { AppShell } from './AppShell';
import { ChatLayout } from './layouts/ChatLayout';
import { DefaultLayout } from './layouts/DefaultLayout';
import { EmptyLayout } from './layouts/EmptyLayout';
import { LanderLayout } from './layouts/LanderLayout';
import { type AppRoute, type LayoutName, ROUTES, lazyPage } from './routes';

const layouts: Record<LayoutName, () => ReactElement> = {
  default: () => <DefaultLayout />,
  chat: () => <ChatLayout />,
  lander: () => <LanderLayout />,
  empty: () => <EmptyLayout />,
};

function pagesOf(layout: LayoutName): RouteObject[] {
  return Object.entries(ROUTES as Record<string, AppRoute>)
    .filter(([, route]) => route.layout === layout)
    .map(([name, route]) => ({
      id: name,
      path: route.path,
      loader: route.loader,
      lazy: lazyPage(route),
    }));
}

/**
 * The route tree: the app shell, then one pathless route per layout, then the pages
 * of that layout. Errors inside a page show the error page within the layout; an
 * unmatched path shows the not-found page in the default layout.
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppShell />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <></>,
      children: (Object.keys(layouts) as LayoutName[]).map((layout) => ({
        id: `layout-${layout}`,
        element: layouts[layout](),
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              ...pagesOf(layout),
              ...(layout === 'default' ? [{ id: 'not-found', path: '*', element: <NotFoundPage /> }] : []),
            ],
          },
        ],
      })),
    },
  ];
}
