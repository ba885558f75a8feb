import { useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';
import { pathTo, routeExists } from '../../shared/routing/paths';
import { useBusy, useErrorText, useForm } from '../../shared/ui/form';
import { useCompany } from '../../shared/site';
import { accountApi } from './accountApi';
import { type DeletedState, type DeletionState, deletionReducer, initialDeletion, offersFor, reasonText } from './deletionFlow';
import { useInvisible } from './PreferenceSections';

/** The offer is real: claiming it puts the discount on the member's next order, once. */
function useStayDiscount() {
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const claim = () => {
    setError(null);
    void run(async () => {
      try {
        const claimed = await accountApi.claimStayDiscount();
        if (claimed.spent) setSpent(true);
        else await navigate(pathTo('credits'));
      } catch (caught) {
        setError(errorText(caught));
      }
    });
  };
  return { busy, error, spent, claim };
}

/** The password form of the last step: deletes the account and leaves for /account-deleted. */
function useDeleteConfirm(state: DeletionState) {
  const navigate = useNavigate();
  const form = useForm({ initial: { password: '' }, order: ['password'], idPrefix: 'settings-delete' });
  const confirm = form.submit({
    check: ({ password }) => ({ password: password ? null : { code: 'password_required' } }),
    send: async ({ password }) => {
      await accountApi.deleteAccount({ password, reason: reasonText(state) });
      // The server ended the session. The next screen asks who is logged in; forgetting
      // the member here would make this members-only screen send them to the login.
      const deleted: DeletedState = { deleted: true, reason: state.reason };
      navigate(pathTo('account-deleted'), { replace: true, state: deleted });
    },
    refused: (caught) => (caught instanceof ApiError && caught.code === 'password_wrong' ? { password: { code: caught.code } } : null),
  });
  return { form, confirm };
}

/** The deletion flow's state: its step and reason, the offers to stay, and the confirmation. */
export function useDeletion(user: User) {
  const company = useCompany((s) => s.company);
  const [state, dispatch] = useReducer(deletionReducer, initialDeletion);
  const invisible = useInvisible();
  const [keptInvisible, setKeptInvisible] = useState(false);
  const stay = useStayDiscount();
  const offers = offersFor({
    invisible: user.invisible && !keptInvisible,
    creditsRouteExists: routeExists('credits'),
    deleteDiscount: company?.delete_discount,
  });
  const keepInvisible = () => void invisible.save(true).then((ok) => ok && setKeptInvisible(true));
  const keep = () => {
    dispatch({ type: 'cancel' });
    setKeptInvisible(false);
  };
  return { state, dispatch, invisible, keptInvisible, keepInvisible, keep, stay, offers, ...useDeleteConfirm(state) };
}

export type Deletion = ReturnType<typeof useDeletion>;
