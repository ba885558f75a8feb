import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { MyDataPage } from './MyDataPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  fetchMock = vi.fn();
  stubFetch(fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the mailed link to a copy of my data', () => {
  it('fetches nothing until asked, then saves the ZIP and says so', async () => {
    const saved = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:copy', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved(this.download, this.href);
    });
    fetchMock.mockResolvedValue(
      new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="my-data-2026-12-01.zip"' } }),
    );
    renderInRouter(<MyDataPage />, '/my-data?token=tok-1');
    expect(screen.getByRole('heading', { name: 'Your copy of your data' })).toBeInTheDocument();
    expect(screen.getByText(/This link works once/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled(); // the link works once: not spent by opening it
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByTestId('my-data-result')).toHaveTextContent('Your download has started');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/export/download?token=tok-1']);
    expect(saved).toHaveBeenCalledWith('my-data-2026-12-01.zip', 'blob:copy');
    expect(screen.queryByRole('button', { name: 'Download my data' })).not.toBeInTheDocument();
    click.mockRestore();
  });

  it('says in words that a used or expired link no longer works, and where to ask again', async () => {
    fetchMock.mockResolvedValue(json(404, { error: 'export_link_invalid', params: {} }));
    renderInRouter(<MyDataPage />, '/my-data?token=used');
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByTestId('my-data-result')).toHaveTextContent('This download link has expired or was used already');
    expect(screen.queryByRole('button', { name: 'Download my data' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new copy' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByText(/Your copy is ready/)).not.toBeInTheDocument(); // it no longer is
  });

  it('keeps the button for another try when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderInRouter(<MyDataPage />, '/my-data?token=tok-2');
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByTestId('my-data-result')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('without a token says the link does not work, asking nothing of the server', () => {
    renderInRouter(<MyDataPage />, '/my-data');
    expect(screen.getByTestId('my-data-result')).toHaveTextContent('This download link has expired or was used already');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
