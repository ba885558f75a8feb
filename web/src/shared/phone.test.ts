import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './phone';

describe('support phone', () => {
  it('links without hyphens and whitespace', () => {
    expect(phoneHref('+31 20-123 4567')).toBe('tel:+31201234567');
    expect(phoneHref('+1 (555) 123-4567')).toBe('tel:+15551234567');
    expect(phoneHref(' 020 - 123 45 67 ')).toBe('tel:0201234567');
  });

  it('shows US numbers in the US format', () => {
    expect(formatPhone('+15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('+1 555-123-4567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('+1 (555) 123 4567')).toBe('+1 (555) 123-4567');
  });

  it('shows other numbers in their own grouping without hyphens', () => {
    expect(formatPhone('+31 20-123 4567')).toBe('+31 20 123 4567');
    expect(formatPhone('+49 30-1234-5678')).toBe('+49 30 1234 5678');
    expect(formatPhone('  +46  8 123  456 ')).toBe('+46 8 123 456');
  });

  it('does not treat +1 numbers of the wrong length as US', () => {
    expect(formatPhone('+1 234')).toBe('+1 234');
  });
});
