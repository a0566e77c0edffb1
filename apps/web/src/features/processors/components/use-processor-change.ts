import type { TProcessorsResponse } from '@kindling/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { processorKeys } from '../api/processors.queries.ts';
import { toast } from '../toast.ts';

/**
 * A change that answers with the organisation's new settings: they replace the cached ones at once
 * and a toast says what happened. Errors stay with the caller (under a field or in a modal).
 */
export function useProcessorChange<TInput>(change: (input: TInput) => Promise<TProcessorsResponse>, done: string) {
  const queryClient = useQueryClient();
  const npoId = useSession().selectedNpo?.id ?? null;
  return useMutation({
    mutationFn: change,
    onSuccess: (settings) => {
      queryClient.setQueryData(processorKeys.of(npoId), settings);
      toast('green', done);
    },
  });
}
