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
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

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
  '<header class="top-nav"><div class="container top-nav__inner"></div></header>' +
  '<div class="container members-page"><div class="member-grid">{{cards}}</div></div>';
export const MEMBER_CARD =
  '<article class="member-card"><div class="member-card__link"><div class="member-card__photo">{{photo}}</div>' +
  '<div class="member-card__body"><h3 class="member-card__name"><span class="member-card__first">{{name}}</span>' +
  '<span class="member-card__age">, {{age}}</span></h3><p class="member-card__place"><span>{{place}}</span></p></div></div></article>';
export const MEMBER_PHOTO = '<img src="{{src}}" alt="" fetchpriority="high" decoding="async">';
const MEMBERS_PAGE = `<div id="root"></div><div>${MEMBERS_MARKUP.replace('{{cards}}', MEMBER_CARD.replace('{{photo}}', MEMBER_PHOTO))}</div>`;

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

function texts(localesDir: string) {
  const all: Record<string, Record<string, string>> = {};
  for (const language of readdirSync(localesDir).sort()) {
    const common = JSON.parse(readFileSync(join(localesDir, language, 'common.json'), 'utf8')) as { entryWarning: Record<string, string> };
    all[language] = common.entryWarning;
  }
  return all;
}

export function firstPaint(localesDir: string) {
  return {
    name: 'amora-first-paint',
    apply: 'build' as const,
    writeBundle(options: { dir?: string }) {
      const dist = options.dir!;
      const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[] }>;
      const sheetsOf = (key: string) => {
        const entry = manifest[key];
        return entry ? (entry.file.endsWith('.css') ? [entry.file] : (entry.css ?? [])) : [];
      };
      const read = (sheets: string[]) => sheets.map((sheet) => readFileSync(join(dist, sheet), 'utf8')).join('\n');
      const css = criticalCss(read(sheetsOf(GLOBAL_STYLES)), PAGE);
      const members = {
        markup: MEMBERS_MARKUP,
        card: MEMBER_CARD,
        photo: MEMBER_PHOTO,
        css: criticalCss(read([...sheetsOf(GLOBAL_STYLES), ...sheetsOf(MEMBERS_SCREEN)]), MEMBERS_PAGE),
      };
      const answer = { markup: MARKUP, fictional: FICTIONAL, css, texts: texts(localesDir), members };
      writeFileSync(join(dist, FIRST_PAINT_FILE), JSON.stringify(answer));
    },
  };
}
