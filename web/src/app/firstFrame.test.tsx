import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FRAME } from '../../scripts/firstPaint';
import { AlertHeader } from '../features/alerts/AlertHeader';
import { FilterBar } from '../features/discovery/FilterBar';
import { NO_FILTERS, offeredFields } from '../features/discovery/searchFilters';
import { useAlerts } from '../shared/alerts/alertsStore';
import { PhotoNudge } from '../shared/ui/PhotoNudge';
import { renderInRouter, setupTestI18n } from '../test/render';

/**
 * The server draws /members' frame above its first cards from the build's templates
 * (web/scripts/firstPaint.ts FRAME, adapters/http/first_frame.py) so that the cards do not
 * move when the app takes over (issue 36.5). Those templates follow the app's markup: the
 * same elements with the same classes, in the same order (what the layout depends on).
 */
function skeleton(root: Element): string[] {
  return [...root.querySelectorAll('*')]
    .filter((element) => !['OPTION', 'path'].includes(element.tagName))
    .map((element) => `${element.tagName.toLowerCase()}.${(element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).join('.')}`);
}

/** A template with its placeholders filled (`parts`) or emptied, as the server fills it. */
function drawn(template: string, parts: Record<string, string> = {}): Element {
  const host = document.createElement('div');
  host.innerHTML = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => parts[name] ?? 'x');
  return host;
}

beforeAll(async () => {
  await setupTestI18n('en');
  await import('../shared/i18n/i18n').then(({ i18n }) => i18n.loadNamespaces(['discovery']));
});

afterEach(() => {
  cleanup();
  useAlerts.setState({ alerts: [] });
});

describe("the server's frame above /members' first cards", () => {
  it('draws the filter bar as FilterBar does: the toggle with its badge, the fields, the reset', () => {
    const filters = { ...NO_FILTERS, gender: 'male' as const, min_age: 30, distance: 'any' as const };
    const { container } = render(
      <FilterBar
        filters={filters}
        onChange={() => undefined}
        fields={offeredFields(['gender', 'country', 'region', 'min_age', 'max_age'])}
        countries={['NL']}
        minAge={18}
        maxAge={99}
        member
        located
        sharesOnline={false}
        heading={<h1 className="filter-bar__title">Find members</h1>}
      />,
    );
    const field = (name: string, disabled = '') => FRAME.field.replace('{{field}}', name).replace('{{disabled}}', disabled);
    const fields =
      field('distance') +
      field('gender') +
      field('country') +
      field('region', ' disabled') +
      FRAME.ages.replace('{{fields}}', field('min_age') + field('max_age')) +
      field('order') +
      field('everyone') +
      FRAME.online.replace('{{hint}}', FRAME.onlineHint) +
      FRAME.reset;
    const server = drawn(FRAME.filterBar, { badge: FRAME.badge, fields, disabled: '', checked: '' });
    expect(skeleton(server)).toEqual(skeleton(container));
  });

  it('draws the activation notice as the alert header shows it', () => {
    useAlerts.getState().show({
      id: 'activation',
      variant: 'warning',
      message: 'activation.alert',
      values: { email: 'noor@example.com' },
      action: { label: 'activation.resend', testId: 'activation-alert-resend', onClick: () => undefined },
    });
    const { container } = render(<AlertHeader />);
    expect(skeleton(drawn(FRAME.alert))).toEqual(skeleton(container));
  });

  it('draws the photo nudges as PhotoNudge does (wide screens; its button only without a photo)', () => {
    for (const [mainImage, add, textClass] of [
      [null, FRAME.nudgeAdd, 'mb-2'],
      [{ status: 'pending' }, '', 'mb-0'],
    ] as const) {
      const { container, unmount } = renderInRouter(<PhotoNudge mainImage={mainImage} />);
      const server = drawn(FRAME.nudge, { add, textClass }).firstElementChild!;
      expect(skeleton(server)).toEqual(skeleton(container));
      unmount();
    }
  });
});
