import { useEffect, useRef, useState } from 'react';
import { keepCredits } from '../../shared/session';
import { type GiftOffer, type GiftSent, giftsApi } from './giftsApi';
import type { GiftPickerProps } from './GiftPicker';

export type Catalogue = { status: 'loading' } | { status: 'ready'; gifts: GiftOffer[] } | { status: 'error'; error: unknown };

/** The gifts and their prices, fetched on every opening (and retry). */
function useCatalogue(show: boolean) {
  const [catalogue, setCatalogue] = useState<Catalogue>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!show) return;
    const controller = new AbortController();
    giftsApi.catalogue(controller.signal).then(
      (answer) => {
        keepCredits(answer.credits);
        setCatalogue({ status: 'ready', gifts: answer.gifts });
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setCatalogue({ status: 'error', error: failure });
      },
    );
    return () => controller.abort();
  }, [show, attempt]);
  const retry = () => setAttempt((n) => n + 1);
  return { catalogue, setCatalogue, retry };
}

/** The picker's state: the catalogue, the gift asked about, its sending and what came of it. */
export function useGiftPicker({ member, show, onHide, onSent, closeOnSent = false }: GiftPickerProps) {
  const { catalogue, setCatalogue, retry } = useCatalogue(show);
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<GiftSent | null>(null);
  // The gift chosen, waiting for "Send a rose for 25 credits?" (issue 19.5): a tap on a
  // tile charges nothing yet.
  const [asked, setAsked] = useState<GiftOffer | null>(null);
  // A gift has no idempotency key: a second click before the re-render must not send (and charge) twice.
  const inFlight = useRef(false);

  // Fresh prices and balance on every opening (and retry); what happened last time is forgotten.
  const freshStart = () => {
    setError(null);
    setSent(null);
    setAsked(null);
    setCatalogue((now) => (now.status === 'ready' ? now : { status: 'loading' }));
  };
  // An opening is seen while rendering (React's way for state that follows a prop).
  const [wasShown, setWasShown] = useState(show);
  if (show !== wasShown) {
    setWasShown(show);
    if (show) freshStart();
  }

  const choose = async (gift: GiftOffer) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(gift.key);
    setError(null);
    try {
      const answer = await giftsApi.send(member.id, gift.key);
      keepCredits(answer.credits);
      onSent?.(answer);
      setAsked(null);
      if (closeOnSent) onHide();
      else setSent(answer);
    } catch (failure) {
      setError(failure);
    } finally {
      inFlight.current = false;
      setSending(null);
    }
  };

  const reload = () => {
    freshStart();
    retry();
  };
  const back = () => {
    setAsked(null);
    setError(null);
  };
  return { catalogue, sending, error, sent, asked, setAsked, choose, reload, back };
}

export type GiftPickerState = ReturnType<typeof useGiftPicker>;
