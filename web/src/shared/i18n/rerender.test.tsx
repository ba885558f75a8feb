import { act, render } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/time';
import { i18n, initI18n, loadFallback } from './i18n';

describe('translated components', () => {
  it('render again when a fallback catalog comes, not whenever some catalog comes', async () => {
    await initI18n('en');
    await i18n.loadNamespaces('account');
    let renders = 0;
    function Probe() {
      const { t } = useTranslation('account');
      renders += 1;
      return <p>{t('only_in_dutch', { defaultValue: '' })}</p>;
    }
    render(<Probe />);
    const before = renders;
    act(() => i18n.addResourceBundle('en', 'unrelated', { word: 'word' }));
    expect(renders).toBe(before);

    // A key missing in English: the Dutch fallback of `account` comes, and the shown text
    // is translated again with it.
    i18n.removeResourceBundle('nl', 'account');
    await act(() => loadFallback('account'));
    await eventually(() => expect(renders).toBeGreaterThan(before));
  });
});
