import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../test/render';
import { PartnerSuggestion, partnerRedirect } from './AccountDeletedPage';
import { startCountdown } from './countdown';

describe('countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks every second and finishes at zero', () => {
    const ticks: number[] = [];
    const done = vi.fn();
    startCountdown(3, { onTick: (left) => ticks.push(left), onDone: done });
    expect(ticks).toEqual([3]);
    vi.advanceTimersByTime(2000);
    expect(ticks).toEqual([3, 2, 1]);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual([3, 2, 1, 0]);
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    const done = vi.fn();
    const countdown = startCountdown(2, { onTick: () => undefined, onDone: done });
    vi.advanceTimersByTime(1000);
    countdown.cancel();
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
  });

  it('finishes at once for zero seconds', () => {
    const done = vi.fn();
    startCountdown(0, { onTick: () => undefined, onDone: done });
    expect(done).toHaveBeenCalled();
  });
});

describe('partner suggestion', () => {
  beforeAll(() => setupTestI18n());
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the seconds left and then goes to the partner', () => {
    const go = vi.spyOn(partnerRedirect, 'go').mockImplementation(() => undefined);
    render(<PartnerSuggestion url="https://www.partner.test/join" seconds={5} />);
    expect(screen.getByTestId('partner-seconds')).toHaveTextContent('5');
    expect(screen.getByRole('link', { name: 'Go to partner.test now' })).toHaveAttribute('href', 'https://www.partner.test/join');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('partner-seconds')).toHaveTextContent('2');
    expect(go).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(go).toHaveBeenCalledWith('https://www.partner.test/join');
  });

  it('stays when the visitor cancels', () => {
    const go = vi.spyOn(partnerRedirect, 'go').mockImplementation(() => undefined);
    render(<PartnerSuggestion url="https://partner.test" seconds={3} />);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByTestId('partner-cancel'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(go).not.toHaveBeenCalled();
    expect(screen.queryByTestId('partner-seconds')).toBeNull();
    expect(screen.getByText('Redirect stopped. You stay here.')).toBeInTheDocument();
  });
});
