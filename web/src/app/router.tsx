import { type ReactElement, Suspense, lazy } from 'react';
import { type LoaderFunction, type RouteObject, redirect } from 'react-router';
import { useSession } from '../shared/session/sessionStore';
import { RouteErrorPage } from '../shared/ui/ErrorPage';
import { NotFoundPage } from '../shared/ui/NotFoundPage';
import { AppShell } from './AppShell';
import { DefaultLayout } from './layouts/DefaultLayout';
import { EmptyLayout } from './layouts/EmptyLayout';
import { LanderLayout } from './layouts/LanderLayout';
import { guardRedirect } from '../shared/routing/guard';
import type { LayoutName } from '../shared/routing/layout';
import { type AppRoute, ROUTES, lazyPage } from './routes';

// Only members' chat screens use it: not part of a visitor's first page.
const ChatLayout = lazy(() => import('./layouts/ChatLayout').then((module) => ({ default: module.ChatLayout })));

const layouts: Record<LayoutName, () => ReactElement> = {
  default: () => <DefaultLayout />,
  chat: () => (
    <Suspense fallback={null}>
      <ChatLayout />
    </Suspense>
  ),
  lander: () => <LanderLayout />,
  empty: () => <EmptyLayout />,
};

/** The route's checks (auth, guest-only) on every navigation, then its own loader. */
export function guardedLoader(route: AppRoute): LoaderFunction | undefined {
  if (!route.auth && !route.guestOnly) return route.loader;
  return (args) => {
    const url = new URL(args.request.url);
    const target = guardRedirect(route, useSession.getState().user !== null, url.pathname + url.search);
    if (target) throw redirect(target);
    return route.loader ? route.loader(args) : null;
  };
}

function pagesOf(layout: LayoutName): RouteObject[] {
  return Object.entries(ROUTES as Record<string, AppRoute>)
    .filter(([, route]) => route.layout === layout)
    .map(([name, route]) => ({
      id: name,
      path: route.path,
      loader: guardedLoader(route),
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
