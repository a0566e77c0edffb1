import { ORGANISATION_SETTINGS_CODES } from '@kindling/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { toast } from '../../../shared/toast.ts';

/**
 * A change that answers with the page's new data: it replaces the cached data at once and a toast
 * says what happened. Errors stay with the caller (under a field or in an alert).
 */
export function useSettingsChange<TInput, TData>(
  key: (npoId: number | null) => readonly unknown[],
  change: (input: TInput) => Promise<TData>,
  done: string,
) {
  const queryClient = useQueryClient();
  const npoId = useSession().selectedNpo?.id ?? null;
  return useMutation({
    mutationFn: change,
    onSuccess: (data) => {
      queryClient.setQueryData(key(npoId), data);
      toast('green', done);
    },
  });
}

/**
 * Organisation admins change these settings; finance reads them (docs/product/sign-in.md#route-access).
 * The server also asks for the settings.payments permission and says so when it is missing.
 */
export function useCanChange(): boolean {
  const role = useSession().role;
  return role !== null && (ORGANISATION_SETTINGS_CODES as readonly number[]).includes(role);
}
