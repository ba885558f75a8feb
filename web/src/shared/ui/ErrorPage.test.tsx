import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ApiError } from '../api/errors';
import { i18n } from '../i18n/i18n';
import { setupTestI18n } from '../../test/render';
import { ErrorPageBoundary, ErrorView, RouteErrorPage } from './ErrorPage';
import { NotFoundPage } from './NotFoundPage';

function renderRoutes(element: React.ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/broken', element: element, errorElement: <RouteErrorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

function Throws({ error }: { error: unknown }): React.ReactNode {
  throw error;
}

describe('error page', () => {
  beforeAll(() => setupTestI18n());

  it('shows an unmatched path as "This page could not be found" with a way home', () => {
    renderRoutes(null, '/nonexistent');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This page could not be found');
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('defaults to status 500 and the title "Error"', () => {
    renderRoutes(<ErrorView />, '/broken');
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Error');
    expect(screen.queryByRole('link', { name: 'Back to the home page' })).toBeNull();
  });

  it('shows a thrown API error translated, with its status', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(<Throws error={new ApiError(503, 'internal_error')} />, '/broken');
    expect(screen.getByText('503')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An error occurred, please try again later.');
  });

  it('shows an outage (503 service_unavailable) as a translated "try again shortly" with a retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(<Throws error={new ApiError(503, 'service_unavailable')} />, '/broken');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'The service is briefly unavailable. Please try again in a moment.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/something went wrong on our side/)).toBeNull();
  });

  it('translates service_unavailable in every language', async () => {
    for (const lang of ['da', 'de', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv']) {
      // Catalogs load on demand (only the visitor's language at first): load this one.
      await i18n.loadLanguages(lang);
      await i18n.loadNamespaces('common');
      const text = i18n.getFixedT(lang, 'common')('errors.service_unavailable');
      expect(text).not.toBe('The service is briefly unavailable. Please try again in a moment.');
      expect(text).not.toBe('errors.service_unavailable');
    }
  });

  it('shows a 404 from a loader with the way home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/gone',
          loader: () => {
            throw new Response('', { status: 404 });
          },
          element: <p>never</p>,
          hydrateFallbackElement: <></>,
          errorElement: <RouteErrorPage />,
        },
      ],
      { initialEntries: ['/gone'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This page could not be found');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeInTheDocument();
  });

  it('translates', async () => {
    await i18n.changeLanguage('nl');
    try {
      renderRoutes(null, '/nope');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Deze pagina kon niet worden gevonden');
      expect(screen.getByRole('link', { name: 'Terug naar de homepage' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('falls back to one sentence when the error page itself fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorPageBoundary>
        <Throws error={new Error('boom')} />
      </ErrorPageBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while showing the error page');
  });
});
