import type { TCommunication } from '@kindling/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../shared/toast.ts';
import { communicationKeys, deleteCommunication } from './api/communications.queries.ts';

/** Deleting a logged entry (like a note: at once, by its author or an admin); the lists refresh. */
export function useDeleteCommunication() {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (entry: TCommunication) => deleteCommunication(entry.id ?? 0),
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.all }),
    onError: (error) => toast('red', error.message || 'It could not be deleted. Please try again.'),
  });
  return {
    deleting: remove.isPending ? (remove.variables?.id ?? null) : null,
    onDelete: (entry: TCommunication) => remove.mutate(entry),
  };
}
