import type { TContactView } from '@kindling/contracts';
import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { toast } from '../../../shared/toast.ts';
import { contactKeys, deleteView, saveView } from '../api/contacts.queries.ts';
import { type ContactListState, viewConfigOf } from '../list-params.ts';

type Props = {
  npoId: number | null;
  views: TContactView[];
  state: ContactListState;
  canShare: boolean;
  onApply: (view: TContactView | null) => void;
};

/** Choose a saved view, save the list as it is now, or delete a view one may change. */
export function SavedViews({ npoId, views, state, canShare, onApply }: Props) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const current = views.find((v) => v.id === state.view) ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: contactKeys.views(npoId) });
  const save = useMutation({
    mutationFn: () => saveView({ name, shared, config: viewConfigOf(state) }),
    onSuccess: async (view) => {
      await refresh();
      setOpen(false);
      setName('');
      toast('green', `Saved the view “${view.name}”.`);
      onApply(view);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteView(id),
    onSuccess: async () => {
      await refresh();
      onApply(null);
    },
  });
  const error = save.error ? describeFormError(save.error, 'The view could not be saved.') : null;
  const group = (isShared: boolean) =>
    views.filter((v) => v.shared === isShared).map((v) => ({ value: String(v.id), label: v.name }));
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Saved view"
        placeholder="All contacts"
        clearable
        w={240}
        value={current ? String(current.id) : null}
        data={[
          { group: 'Shared', items: group(true) },
          { group: 'Mine', items: group(false) },
        ].filter((g) => g.items.length > 0)}
        onChange={(v) => onApply(views.find((view) => String(view.id) === v) ?? null)}
      />
      <Button variant="default" onClick={() => setOpen(true)}>
        Save view
      </Button>
      {current && (current.mine || (current.shared && canShare)) ? (
        <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(current.id)}>
          Delete view
        </Button>
      ) : null}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Save this view"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack>
            <FormAlert message={error?.message ?? null} />
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error?.fields.name}
              data-autofocus
            />
            {canShare ? (
              <Checkbox
                label="Share with everyone in the organisation"
                checked={shared}
                onChange={(e) => setShared(e.currentTarget.checked)}
              />
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save view
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
