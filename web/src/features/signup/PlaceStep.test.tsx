import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../test/render';
import { useGeo } from '../../shared/geo';
import { useProfileCatalogs } from '../../shared/catalogs';
import { PlaceStep, type PlaceValue } from './PlaceStep';

function Harness() {
  const [value, setValue] = useState<PlaceValue>({ country: '', region: '', city: '' });
  return <PlaceStep value={value} countries={['NL', 'DE']} onChange={(next) => setValue((now) => ({ ...now, ...next }))} errors={{}} />;
}

describe('the place step (issue 19.2)', () => {
  beforeAll(() => setupTestI18n());
  beforeEach(() => {
    useProfileCatalogs.setState({ regions: { 'NL:en': [{ code: 'NL-NH', name: 'North Holland' }] } });
    useGeo.setState({ permission: 'prompt' });
  });
  afterEach(() => vi.restoreAllMocks());

  it('starts empty: nothing is guessed', () => {
    render(<Harness />);
    expect(screen.getByTestId('signup-country')).toHaveValue('');
    expect(screen.getByTestId('signup-region')).toBeDisabled();
  });

  it('fills country, region and city from "use my location"', async () => {
    useGeo.setState({ locate: () => Promise.resolve({ country: 'NL', region: 'NL-NH', city: 'Haarlem' }) });
    render(<Harness />);
    fireEvent.click(screen.getByTestId('signup-locate'));
    await waitFor(() => expect(screen.getByTestId('signup-country')).toHaveValue('NL'));
    expect(screen.getByTestId('signup-region')).toHaveValue('NL-NH');
    expect(screen.getByTestId('signup-city')).toHaveValue('Haarlem');
  });

  it('says so when the place is unknown, and fills nothing', async () => {
    useGeo.setState({ locate: () => Promise.resolve(false) });
    render(<Harness />);
    fireEvent.click(screen.getByTestId('signup-locate'));
    expect(await screen.findByTestId('signup-locate-failed')).toBeInTheDocument();
    expect(screen.getByTestId('signup-country')).toHaveValue('');
  });

  it('fills nothing when the place is outside the countries of the site', async () => {
    useGeo.setState({ locate: () => Promise.resolve({ country: 'US', region: null, city: 'Boston' }) });
    render(<Harness />);
    fireEvent.click(screen.getByTestId('signup-locate'));
    expect(await screen.findByTestId('signup-locate-elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('signup-country')).toHaveValue('');
    expect(screen.getByTestId('signup-city')).toHaveValue('');
  });
});
