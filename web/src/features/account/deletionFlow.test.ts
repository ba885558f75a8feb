import { describe, expect, it } from 'vitest';
import { type DeletionAction, type DeletionState, canContinue, deletionReducer, initialDeletion, offersFor, partnerSuggestionFor, reasonText } from './deletionFlow';

const run = (...actions: DeletionAction[]): DeletionState => actions.reduce(deletionReducer, initialDeletion);

describe('account deletion flow', () => {
  it('goes reasons → offers → confirm', () => {
    expect(run({ type: 'start' }).step).toBe('reasons');
    expect(run({ type: 'start' }, { type: 'reason', reason: 'too_expensive' }, { type: 'next' }).step).toBe('offers');
    expect(run({ type: 'start' }, { type: 'reason', reason: 'too_expensive' }, { type: 'next' }, { type: 'next' }).step).toBe('confirm');
  });

  it('needs a reason, and some words for "other"', () => {
    expect(run({ type: 'start' }, { type: 'next' }).step).toBe('reasons');
    const other = run({ type: 'start' }, { type: 'reason', reason: 'other' });
    expect(canContinue(other)).toBe(false);
    expect(deletionReducer(other, { type: 'next' }).step).toBe('reasons');
    const explained = deletionReducer(other, { type: 'details', details: 'Moving abroad' });
    expect(canContinue(explained)).toBe(true);
    expect(deletionReducer(explained, { type: 'next' }).step).toBe('offers');
  });

  it('does not go past the confirmation, goes back step by step, and can be cancelled anywhere', () => {
    const confirm = run({ type: 'start' }, { type: 'reason', reason: 'privacy' }, { type: 'next' }, { type: 'next' });
    expect(deletionReducer(confirm, { type: 'next' }).step).toBe('confirm');
    expect(deletionReducer(confirm, { type: 'back' }).step).toBe('offers');
    expect(run({ type: 'start' }, { type: 'back' })).toEqual(initialDeletion);
    expect(deletionReducer(confirm, { type: 'cancel' })).toEqual(initialDeletion);
  });

  it('sends the reason key with the free text', () => {
    expect(reasonText({ reason: null, details: '' })).toBe('');
    expect(reasonText({ reason: 'found_partner', details: '' })).toBe('found_partner');
    expect(reasonText({ reason: 'other', details: '  Moving abroad ' })).toBe('other: Moving abroad');
    expect(reasonText({ reason: 'other', details: 'x'.repeat(600) })).toHaveLength(500);
    expect(run({ type: 'start' }, { type: 'details', details: 'y'.repeat(600) }).details).toHaveLength(400);
  });

  it('offers invisible mode (unless on already) and the discount only where credits are sold', () => {
    expect(offersFor({ invisible: false, creditsRouteExists: false, deleteDiscount: 50 })).toEqual({ invisible: true, discount: null });
    expect(offersFor({ invisible: true, creditsRouteExists: true, deleteDiscount: 50 })).toEqual({ invisible: false, discount: 50 });
    expect(offersFor({ invisible: false, creditsRouteExists: true, deleteDiscount: 0 }).discount).toBeNull();
    expect(offersFor({ invisible: false, creditsRouteExists: true, deleteDiscount: undefined }).discount).toBeNull();
  });

  it('suggests the partner site to no one who found a partner (issue 29.7)', () => {
    expect(partnerSuggestionFor('found_partner', 'https://partner.test')).toBeNull();
    expect(partnerSuggestionFor('taking_break', 'https://partner.test')).toBe('https://partner.test');
    expect(partnerSuggestionFor(null, 'https://partner.test')).toBe('https://partner.test');
    expect(partnerSuggestionFor('privacy', '')).toBeNull();
  });
});
