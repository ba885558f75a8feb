/**
 * Writes dist/.vite/first-paint.json: what the server needs to draw the site-entry warning
 * in a visitor's "/" before the app's script has loaded (adapters/http/first_paint.py,
 * issue 36.5): the warning is the landing's largest paint for a first visit, and drawn by
 * the app it waited for all of the app's script.
 *
 * - `markup`: the warning in the app's markup (shared/ui/PlainModal.tsx around
 *   features/entry-warning/EntryWarning.tsx), with {{placeholders}} for the server;
 *   `fictional`, the paragraph shown when the site has fictional profiles.
 * - `css`: the global stylesheet's rules that this markup uses (a rule stays when one of
 *   its selectors, without its pseudo-classes, matches an element of it; at-rules keep
 *   such rules). The server inlines it: a <link> would hold the first paint until the
 *   sheet has come, and the browser would run the app's script first.
 * - `texts`: the warning's texts in every language (web/src/locales/<language>/common.json).
 * - `members`: the first cards of a member's /members (issue 36.5: the first card's photo is
 *   that screen's largest paint, and drawn by the app it waited for all of its script): the
 *   page around them (`markup`, {{cards}}), a card (`card`: {{photo}}, {{name}}, {{age}},
 *   {{place}}) and its photo (`photo`: {{src}}) in the app's markup (features/navigation/
 *   TopNav.tsx, features/discovery/MembersPage.tsx and MemberCardView.tsx, without links,
 *   buttons or translated words), and the rules of the global and the screen's sheets they use.
 *   `frame`: what the app draws above those cards, so that they do not move when it takes
 *   over (issue 36.5): the activation notice, the hero, the photo nudge, the filter bar, the
 *   search's notes and its count (`FRAME`, app/layouts/DefaultLayout.tsx, features/discovery/
 *   MembersPage.tsx, FilterBar.tsx, FilterGroups.tsx, MembersResults.tsx), their texts in every
 *   language (`texts`), the country names of the country filter (`countries`) and how each
 *   language groups a number's digits (`numbers`).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type IconName, iconPaths } from '../src/shared/ui/icons.js';

// jsdom (a devDependency, for vitest) ships no types: the one constructor used here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

export const FIRST_PAINT_FILE = '.vite/first-paint.json';
const GLOBAL_STYLES = 'src/app/globalStyles.ts';
const MEMBERS_SCREEN = 'src/features/discovery/MembersPage.tsx';

const BUTTONS =
  '<div class="d-grid gap-1 mt-4">' +
  '<button type="button" class="btn btn-primary btn-lg rounded-pill" data-entry="enter">{{enter}}</button>' +
  '<button type="button" class="btn btn-link btn-lg text-body-secondary" data-entry="leave">{{leave}}</button></div>';
export const MARKUP =
  '<div class="fade modal-backdrop show"></div>' +
  '<div role="dialog" aria-modal="true" tabindex="-1" class="fade modal show entry-warning" style="display:block" aria-labelledby="entry-warning-title">' +
  '<div class="modal-dialog modal-dialog-centered"><div class="modal-content"><div class="modal-body p-4 p-sm-5 text-center">' +
  '<div class="entry-warning__badge" aria-hidden="true">{{minAge}}+</div>' +
  '<h2 id="entry-warning-title" class="h3 mb-3">{{title}}</h2>' +
  '<p>{{body}}</p>{{fictional}}<p class="small">{{terms}}</p>' +
  BUTTONS +
  '</div></div></div></div>';
export const FICTIONAL = '<p class="text-body-secondary small">{{fictional}}</p>';
// The page around it, as the server sends it: the terms link, the splash, the root.
const PAGE = `<div id="root"><div class="boot-splash"></div></div><div>${MARKUP.replace('{{fictional}}', FICTIONAL).replace('{{terms}}', '<a href="/pages/terms">terms</a>')}</div>`;


// The server draws it in an element of its own after #root, which the app removes when its
// first screen is drawn (shared/firstScreen.ts SERVER_FIRST_SCREEN_ID).
export const MEMBERS_MARKUP =
  '<div class="layout layout--default"><header class="top-nav"><div class="container top-nav__inner"></div></header>{{alert}}' +
  '<main class="layout__main">{{hero}}<div class="container members-page">{{nudge}}{{filters}}{{notes}}{{summary}}' +
  '<div class="member-grid">{{cards}}</div></div></main></div>';
export const MEMBER_CARD =
  '<article class="member-card"><div class="member-card__link"><div class="member-card__photo">{{photo}}</div>' +
  '<div class="member-card__body"><h3 class="member-card__name"><span class="member-card__first">{{name}}</span>' +
  '<span class="member-card__age">, {{age}}</span></h3><p class="member-card__place"><span>{{place}}</span></p></div></div></article>';
// Decoded for the frame that first shows it (not "async", as the app's): the photo is the
// screen's largest paint and came a frame or two later, after the app's start-up script
// (issue 36.5).
export const MEMBER_PHOTO = '<img src="{{src}}" alt="" fetchpriority="high" decoding="sync">';

/** An icon as shared/ui/icons.tsx draws it ({{class}}: its class attribute, or nothing). */
function icon(name: IconName, size: number): string {
  return `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false"{{class}}><path fill-rule="evenodd" d="${iconPaths[name]}"></path></svg>`;
}
const withClass = (svg: string, className: string) => svg.replace('{{class}}', ` class="${className}"`);
const plain = (svg: string) => svg.replace('{{class}}', '');

/**
 * The parts above the cards, in the app's markup. Buttons, fields and links do nothing
 * until the app has taken over, and are out of the tab order (the copy is aria-hidden).
 */
export const FRAME = {
  // features/alerts/AlertHeader.tsx with the activation reminder (useActivationReminder.ts).
  alert:
    '<div id="boot-activation" class="alert-header container" role="region" aria-label="{{region}}">' +
    '<div class="alert alert-warning d-flex align-items-start gap-3 mb-2" role="alert"><div class="flex-grow-1 alert-header__body">' +
    '<span>{{text}}</span><button type="button" tabindex="-1" class="btn btn-sm rounded-pill btn-outline-dark alert-header__action">{{resend}}</button></div>' +
    '<button type="button" tabindex="-1" class="btn-close" aria-label="{{dismiss}}"></button></div></div>',
  // shared/ui/PageHeader.tsx, wide screens only (MembersPage.tsx).
  hero:
    '<div class="d-none d-md-block"><header class="page-header"><div class="container"><h1 class="page-header__title">{{title}}</h1>' +
    '<p class="page-header__intro">{{intro}}</p></div></header></div>',
  // shared/ui/PhotoNudge.tsx in FormAlert, wide screens only; {{add}}: its button, or nothing.
  nudge:
    '<div class="d-none d-md-block"><div class="alert alert-info account-alert" role="status">' +
    withClass(icon('photo', 20), 'account-alert__icon') +
    '<div class="account-alert__body"><p class="fw-semibold mb-1">{{title}}</p><p class="{{textClass}}">{{text}}</p>{{add}}</div></div></div>',
  nudgeAdd: '<a class="btn btn-primary btn-sm rounded-pill px-3">{{add}}</a>',
  // MembersResults.tsx SearchNotes: the phones' one-line nudge, how the server read the search.
  nudgeCompact: `<a class="members-nudge d-md-none">${plain(icon('photo', 16))}<span>{{title}}</span></a>`,
  fromProfile: '<p class="members-page__fit small text-body-secondary mb-3 d-none d-md-block">{{text}}</p>',
  widened: '<p class="members-page__widened small mb-0">{{text}}</p>',
  // FilterBar.tsx, closed; {{fields}}: FilterGroups.tsx's fields with their values.
  filterBar:
    '<section class="filter-bar" aria-label="{{label}}"><div class="filter-bar__head d-md-none"><h1 class="filter-bar__title">{{title}}</h1>' +
    '<button type="button" tabindex="-1" class="btn filter-bar__toggle" aria-expanded="false">' +
    plain(icon('search', 18)) +
    '<span title="{{show}}">{{label}}</span>{{badge}}' +
    withClass(icon('chevronDown', 18), 'filter-bar__chevron') +
    '</button></div><div class="filter-bar__fields">{{fields}}</div></section>',
  badge: '<span class="badge rounded-pill text-bg-primary">{{count}}</span>',
  field:
    '<div class="filter-bar__field filter-bar__field--{{field}}"><label class="form-label filter-bar__label">{{label}}</label>' +
    '<select class="form-select" tabindex="-1"{{disabled}}><option>{{value}}</option></select></div>',
  ages: '<div class="filter-bar__ages">{{fields}}</div>',
  online:
    '<div class="filter-bar__field filter-bar__field--online form-check form-switch">' +
    '<input class="form-check-input" type="checkbox" role="switch" tabindex="-1"{{checked}}{{disabled}}>' +
    '<label class="form-check-label"><span class="filter-bar__dot" aria-hidden="true"></span>{{label}}</label>{{hint}}</div>',
  onlineHint: '<small class="filter-bar__hint">{{text}}</small>',
  reset: '<button type="button" tabindex="-1" class="btn btn-link filter-bar__reset">{{text}}</button>',
  // MembersResults.tsx SearchCount.
  summary: '<div class="members-page__summary"><h2 class="members-page__count fs-6 fw-normal mb-0">{{count}}</h2>{{pageOf}}</div>',
  pageOf: '<p class="members-page__pageof">{{text}}</p>',
};

/** The page with every part of the frame, to find the rules they use. */
function framedSample(): string {
  const f = FRAME;
  // Each field by its name: some have rules of their own (filter-bar__field--everyone).
  const field = (name: string) => f.field.replace('{{field}}', name).replace('{{disabled}}', ' disabled');
  const fields =
    ['distance', 'gender', 'country', 'region'].map(field).join('') +
    f.ages.replace('{{fields}}', field('min_age') + field('max_age')) +
    field('order') +
    field('everyone') +
    f.online.replace('{{checked}}', ' checked').replace('{{hint}}', f.onlineHint) +
    f.reset;
  return MEMBERS_MARKUP.replace('{{alert}}', f.alert)
    .replace('{{hero}}', f.hero)
    .replace('{{nudge}}', f.nudge.replace('{{add}}', f.nudgeAdd).replace('{{textClass}}', 'mb-2'))
    .replace('{{filters}}', f.filterBar.replace('{{badge}}', f.badge).replace('{{fields}}', fields))
    .replace('{{notes}}', f.nudgeCompact + f.fromProfile + f.widened)
    .replace('{{summary}}', f.summary.replace('{{pageOf}}', f.pageOf))
    .replace('{{cards}}', MEMBER_CARD.replace('{{photo}}', MEMBER_PHOTO));
}
const MEMBERS_PAGE = `<div id="root"></div><div>${framedSample()}</div>`;

const PSEUDO = /::?(?!root\b)[\w-]+(\((?:[^()]|\([^()]*\))*\))?/g;

function matches(document: Document, selector: string): boolean {
  const bare = selector.replace(PSEUDO, '').trim();
  // `::selection`, `:focus-visible` concern every element; `:is(.a, .b)` alone, its own.
  if (!bare) return !selector.includes('(');
  try {
    return document.querySelector(bare.replace(/([\s>+~]|^)$/, '$1*')) !== null;
  } catch {
    return false;
  }
}

/** The blocks of a stylesheet's text: `prelude{body}` each (a minified sheet: no comments kept). */
function blocks(css: string): { prelude: string; body: string }[] {
  const found: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const char = css[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ';' && depth === 0) start = i + 1; // @charset, @import: statements
    else if (char === '{' && depth++ === 0) open = i;
    else if (char === '}' && --depth === 0) {
      found.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
      start = i + 1;
    }
  }
  return found;
}

/** The selectors of a rule's prelude: split at the commas outside parentheses. */
function selectors(prelude: string): string[] {
  const list: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    if (prelude[i] === '(') depth++;
    else if (prelude[i] === ')') depth--;
    else if (prelude[i] === ',' && depth === 0) {
      list.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  return [...list, prelude.slice(start)];
}

const GROUPS = /^@(media|supports|layer)\b/;

function keep(document: Document, css: string): string {
  return blocks(css)
    .map(({ prelude, body }) => {
      if (GROUPS.test(prelude)) {
        const inner = keep(document, body);
        return inner ? `${prelude}{${inner}}` : '';
      }
      if (prelude.startsWith('@')) return ''; // @keyframes, @font-face, @property: none used
      return selectors(prelude).some((selector) => matches(document, selector)) ? `${prelude}{${body}}` : '';
    })
    .join('');
}

/** The rules of `css` that apply to the elements of `html`. */
export function criticalCss(css: string, html: string): string {
  const { document } = new JSDOM(`<!doctype html><html><head></head><body>${html}</body></html>`).window;
  return keep(document, css.replace(/\/\*[\s\S]*?\*\//g, ''));
}

/**
 * The server's warning is drawn over the splash alone (the app's takes its place in the
 * same paint as the page behind it), a gradient that a blur leaves as it is: without the
 * backdrop's blur that first paint looks the same, and a browser that composites in
 * software (a phone without GPU help, a headless one) draws it some 25 ms sooner.
 */
export function withoutBackdropBlur(css: string): string {
  return css.replace(/(?:-webkit-)?backdrop-filter:[^;}]*;?/g, '').replace(/[^{}]+\{\}/g, '');
}

function texts(localesDir: string) {
  const all: Record<string, Record<string, string>> = {};
  for (const language of readdirSync(localesDir).sort()) {
    const common = JSON.parse(readFileSync(join(localesDir, language, 'common.json'), 'utf8')) as { entryWarning: Record<string, string> };
    all[language] = common.entryWarning;
  }
  return all;
}

type Catalog = { [key: string]: string | Catalog };

/** A catalog's texts under `prefix`, by their dotted keys ("filters.genders.male"). */
function flat(catalog: Catalog, prefix: string, into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') into[`${prefix}${key}`] = value;
    else flat(value, `${prefix}${key}.`, into);
  }
  return into;
}

// The frame's texts: the common catalog's (activation notice, alert area, photo nudge) and
// the search's (discovery.json `search` and `filters`).
const COMMON_PARTS = ['activation', 'alerts', 'photoNudge'];
const DISCOVERY_PARTS = ['search', 'filters'];

function frameTexts(localesDir: string, language: string): Record<string, string> {
  const read = (name: string) => JSON.parse(readFileSync(join(localesDir, language, `${name}.json`), 'utf8')) as Catalog;
  const common = read('common');
  const discovery = read('discovery');
  const texts: Record<string, string> = {};
  for (const part of COMMON_PARTS) flat({ [part]: common[part]! } as Catalog, '', texts);
  for (const part of DISCOVERY_PARTS) flat({ [part]: discovery[part]! } as Catalog, '', texts);
  return texts;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The names of the countries in `language`, as shared/site countryName gives them. */
function countryNames(language: string): Record<string, string> {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const found: Record<string, string> = {};
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = names.of(code);
      if (name && name !== code) found[code] = name;
    }
  }
  return found;
}

/** How `language` writes 12345 and 1234: the group separator, and whether four digits are grouped. */
function numberStyle(language: string): { group: string; four: boolean } {
  const format = new Intl.NumberFormat(language);
  const group = format.formatToParts(12345).find((part) => part.type === 'group')?.value ?? '';
  return { group, four: format.formatToParts(1234).some((part) => part.type === 'group') };
}

/** The frame above the first cards: its markup, and per language its texts, country names and digits. */
function frameOf(localesDir: string) {
  const languages = readdirSync(localesDir).sort();
  const per = <T>(make: (language: string) => T) => Object.fromEntries(languages.map((language) => [language, make(language)]));
  return { ...FRAME, texts: per((language) => frameTexts(localesDir, language)), countries: per(countryNames), numbers: per(numberStyle) };
}

export function firstPaint(localesDir: string) {
  return {
    name: 'amora-first-paint',
    apply: 'build' as const,
    writeBundle(options: { dir?: string }) {
      const dist = options.dir!;
      const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[] }>;
      // A module's sheets and those of the chunks it imports (the frame's alerts and hero
      // come with chunks that the screen's imports).
      const sheetsOf = (key: string, seen = new Set<string>()): string[] => {
        const entry = manifest[key];
        if (!entry || seen.has(key)) return [];
        seen.add(key);
        const own = entry.file.endsWith('.css') ? [entry.file] : (entry.css ?? []);
        return [...new Set([...own, ...(entry.imports ?? []).flatMap((next) => sheetsOf(next, seen))])];
      };
      const read = (sheets: string[]) => sheets.map((sheet) => readFileSync(join(dist, sheet), 'utf8')).join('\n');
      const css = withoutBackdropBlur(criticalCss(read(sheetsOf(GLOBAL_STYLES)), PAGE));
      const members = {
        markup: MEMBERS_MARKUP,
        card: MEMBER_CARD,
        photo: MEMBER_PHOTO,
        css: criticalCss(read([...sheetsOf(GLOBAL_STYLES), ...sheetsOf(MEMBERS_SCREEN)]), MEMBERS_PAGE),
        frame: frameOf(localesDir),
      };
      const answer = { markup: MARKUP, fictional: FICTIONAL, css, texts: texts(localesDir), members };
      writeFileSync(join(dist, FIRST_PAINT_FILE), JSON.stringify(answer));
    },
  };
}
