import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/time';
import { i18n, initI18n } from './i18n';

describe('i18n start-up', () => {
  it('loads the Dutch fallback catalog only once a key is missing', async () => {
    await initI18n('en');
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('nl', 'common')).toBe(false);

    i18n.addResource('nl', 'common', 'only_in_dutch', 'Alleen in het Nederlands');
    i18n.removeResourceBundle('nl', 'common');
    expect(i18n.t('only_in_dutch')).toBe('only_in_dutch');
    await eventually(() => expect(i18n.hasResourceBundle('nl', 'common')).toBe(true));
    // The loaded fallback then answers keys missing in English.
    i18n.addResource('nl', 'common', 'only_in_dutch', 'Alleen in het Nederlands');
    expect(i18n.t('only_in_dutch')).toBe('Alleen in het Nederlands');
  });
});
