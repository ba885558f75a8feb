/**
 * What every landing page does (spec sections 1, 2 and 4):
 * - the slug's locale ('she-nl', 'eng', 'she-auto') becomes the interface language when the
 *   site offers it;
 * - the traffic parameters (network, ref, sub1..3) and the lander are kept so the signup
 *   sends them;
 * - with ?lb (page-bounce logging) the visit is recorded once, and marked engaged when the
 *   visitor uses the call to action;
 * - real members of the site are loaded for the design.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { i18n } from '../../shared/i18n/i18n';
import { isLanguage } from '../../shared/i18n/languages';
import { changeLanguage, useSettings } from '../../shared/site';
import { openSignup, captureTraffic } from '../../shared/signup';
import { type LanderMember, landerApi, visitSource } from './landerApi';
import { slugLocale } from './slug';

export interface LanderOptions {
  /** How many members the design shows (1..48, default 12). */
  memberCount?: number;
  gender?: 'male' | 'female';
}

export interface Lander {
  members: LanderMember[];
  status: 'loading' | 'ready' | 'error';
  retry: () => void;
  /** The call to action: opens the signup (modal on desktop, page on phones, members area for members). */
  signup: () => void;
}

export const DEFAULT_MEMBER_COUNT = 12;

/** Whether the page was opened with page-bounce logging (?lb, with or without a value). */
export function hasBounceLogging(search: string): boolean {
  return new URLSearchParams(search).has('lb');
}

/** The traffic source of this page view: the network of the URL, else its ref. */
export function visitNetwork(search: string): string | undefined {
  const query = new URLSearchParams(search);
  return visitSource(query.get('network')) ?? visitSource(query.get('ref'));
}

export function useLander(name: string, options: LanderOptions = {}): Lander {
  const { memberCount = DEFAULT_MEMBER_COUNT, gender } = options;
  const { slug } = useParams();
  const { search } = useLocation();
  const locales = useSettings((s) => s.settings?.locales);
  const prefix = useSettings((s) => s.settings?.niche_slug ?? '');

  // The slug's language, when the site offers it.
  useEffect(() => {
    const current = i18n.language;
    const wanted = slugLocale(slug, prefix, locales ?? [], current);
    if (wanted && wanted !== current && isLanguage(wanted)) void changeLanguage(wanted).catch(() => undefined);
  }, [slug, prefix, locales]);

  // The traffic source and this lander (the first ones win; boot captured the source
  // already for a fresh load).
  useEffect(() => {
    captureTraffic(search, Date.now(), name);
  }, [search, name]);

  // Page-bounce logging: one visit per page (a ref survives StrictMode's second effect run).
  const visit = useRef<Promise<string | null> | null>(null);
  const engaged = useRef(false);
  useEffect(() => {
    if (visit.current || !hasBounceLogging(search)) return;
    visit.current = landerApi.startVisit(name, visitNetwork(search)).catch(() => null);
    // Only once per page: later changes of the query start no new visit.
  }, [name, search]);

  // The members.
  // The members last found stay while another search runs; its status follows what it answers.
  const [attempt, setAttempt] = useState(0);
  const asked = `${memberCount}/${gender}/${attempt}`;
  const [members, setMembers] = useState<LanderMember[]>([]);
  const [answer, setAnswer] = useState<{ asked: string; status: Lander['status'] } | null>(null);
  const status: Lander['status'] = answer?.asked === asked ? answer.status : 'loading';
  useEffect(() => {
    const controller = new AbortController();
    landerApi.members(memberCount, gender, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        setMembers(found);
        setAnswer({ asked, status: 'ready' });
      },
      () => !controller.signal.aborted && setAnswer({ asked, status: 'error' }),
    );
    return () => controller.abort();
  }, [memberCount, gender, asked]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const signup = useCallback(() => {
    if (visit.current && !engaged.current) {
      engaged.current = true;
      void visit.current.then((key) => (key ? landerApi.engaged(key) : undefined));
    }
    openSignup();
  }, []);

  return { members, status, retry, signup };
}
