import { CURRENCIES, countryOptions } from '@kindling/contracts';
import { Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { consoleKeys, consoleQueries } from '../api/console.queries.ts';
import { createConsoleOrganisation } from '../api/console-growth.queries.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

// base_currency '' means "not chosen": the platform's default for new organisations is shown and sent
// (docs/product/console.md, decision 083).
const EMPTY = { name: '', country: '', base_currency: '', owner_email: '' };

/** A new organisation from the console: its owner gets the team invitation by e-mail (decision 063). */
export function CreateOrganisationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const client = useQueryClient();
  const navigate = useNavigate();
  const countries = useMemo(() => countryOptions().map((c) => ({ value: c.code, label: c.name })), []);
  const currencies = useMemo(() => CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` })), []);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const defaults = useQuery({ ...consoleQueries.settings(), enabled: opened }).data?.organisation_defaults;
  const currency = form.base_currency || defaults?.base_currency || 'USD';
  return (
    <ReasonDialog
      opened={opened}
      title="Create an organisation"
      description="The owner receives an invitation e-mail and becomes its admin when they accept it."
      confirmLabel="Create and invite"
      onClose={onClose}
      onConfirm={async (reason) => {
        const created = await createConsoleOrganisation({ ...form, base_currency: currency, reason });
        await client.invalidateQueries({ queryKey: consoleKeys.all });
        notifications.show({ message: `${created.name} created; invitation sent to ${created.owner_email}.` });
        setForm(EMPTY);
        navigate(`/console/organizations/${created.id}`);
      }}
    >
      {(fields) => (
        <>
          <TextInput
            label="Name"
            required
            value={form.name}
            error={fields.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
          />
          <Select
            label="Country"
            required
            searchable
            data={countries}
            value={form.country || null}
            error={fields.country}
            onChange={(v) => set('country')(v ?? '')}
          />
          <Select
            label="Currency"
            required
            searchable
            allowDeselect={false}
            data={currencies}
            value={currency}
            error={fields.base_currency}
            onChange={(v) => set('base_currency')(v ?? '')}
          />
          <TextInput
            label="Owner’s e-mail address"
            type="email"
            required
            value={form.owner_email}
            error={fields.owner_email}
            onChange={(e) => set('owner_email')(e.currentTarget.value)}
          />
        </>
      )}
    </ReasonDialog>
  );
}
