import { CONSTANTS, MESSAGES, routeAfterSelectNpo, type TOrganisationOption } from '@kindling/contracts';
import { Avatar, Combobox, Loader, Paper, Portal, Text, useCombobox } from '@mantine/core';
import { Check, ChevronsUpDown, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../session';
import { canReachPath } from '../route-access.ts';
import classes from './OrganisationSwitcher.module.css';

/** Case-insensitive match on the organisation's name. */
export function filterOrganisations(npos: TOrganisationOption[], query: string): TOrganisationOption[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return npos;
  return npos.filter((npo) => npo.name.toLowerCase().includes(needle));
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** 'finance_admin' → 'Finance admin'. */
const roleLabel = (roleName: string) => {
  const words = roleName.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type Status = { tone: 'success' | 'error'; text: string };

/** A status line that clears itself after the switcher's 3 s (docs/product/shell.md#top-bar). */
function useTransientStatus() {
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(null), CONSTANTS.switcherStatusMs);
    return () => window.clearTimeout(timer);
  }, [status]);
  return [status, setStatus] as const;
}

/** The top bar's searchable organisation switcher (docs/product/shell.md#top-bar). */
export function OrganisationSwitcher() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useTransientStatus();
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const current = session.selectedNpo;
  const visible = filterOrganisations(session.npos, search);

  const choose = async (value: string) => {
    const npo = session.npos.find((option) => String(option.id) === value);
    combobox.closeDropdown();
    if (!npo || npo.id === current?.id) return;
    setPending(true);
    try {
      const result = await session.selectNpo(npo);
      setStatus({ tone: 'success', text: `Switched to ${npo.name}` });
      // Stay on the page when the new role may see it; otherwise go where that role starts.
      if (!canReachPath(pathname, result.code, result.role_name)) navigate(routeAfterSelectNpo(result.code));
    } catch {
      setStatus({ tone: 'error', text: `Could not switch to ${npo.name}. Please try again.` });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={classes.wrapper}>
      <Combobox store={combobox} onOptionSubmit={choose} width={320} position="bottom-start" shadow="md">
        <Combobox.Target>
          <button
            type="button"
            className={classes.target}
            onClick={() => combobox.toggleDropdown()}
            disabled={pending}
            aria-label={current ? `Organisation: ${current.name}. Switch organisation` : 'Choose an organisation'}
            aria-haspopup="listbox"
            aria-expanded={combobox.dropdownOpened}
          >
            <Avatar src={current?.logo ?? undefined} size={26} radius="sm" color="orange" alt="">
              {current ? initials(current.name) : '?'}
            </Avatar>
            <span className={classes.name}>{current?.name ?? 'Choose organisation'}</span>
            {pending ? <Loader size={14} /> : <ChevronsUpDown size={14} aria-hidden />}
          </button>
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Search
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder="Search organisations"
            aria-label="Search organisations"
          />
          {/* Native scrolling keeps long names truncated inside the dropdown's width. */}
          <Combobox.Options aria-label="Organisations" mah={CONSTANTS.orgListMaxHeightPx} style={{ overflowY: 'auto' }}>
            {visible.map((npo) => (
              <OrganisationOption key={npo.id} npo={npo} current={npo.id === current?.id} disabled={pending} />
            ))}
            {visible.length === 0 && <SwitcherEmpty searching={session.npos.length > 0} />}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {/* In a portal: the fixed sidebar would otherwise cover a message hanging below the top bar. */}
      <Portal>
        <div role="status" aria-live="polite" className={classes.statusRegion}>
          {status && (
            <Paper className={classes.status} data-tone={status.tone} radius="md" px="sm" py={6} withBorder>
              <Text size="sm" fw={500}>
                {status.text}
              </Text>
            </Paper>
          )}
        </div>
      </Portal>
    </div>
  );
}

function OrganisationOption({
  npo,
  current,
  disabled,
}: {
  npo: TOrganisationOption;
  current: boolean;
  disabled: boolean;
}) {
  const isAdmin = npo.role_name.toLowerCase().includes('admin');
  return (
    <Combobox.Option value={String(npo.id)} active={current} disabled={disabled} aria-selected={current}>
      <div className={classes.option}>
        <Avatar src={npo.logo ?? undefined} size={28} radius="sm" color="orange" alt="">
          {initials(npo.name)}
        </Avatar>
        <div className={classes.optionText}>
          <Text size="sm" fw={600} truncate>
            {npo.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {roleLabel(npo.role_name)}
          </Text>
        </div>
        {isAdmin && <ShieldCheck size={16} aria-label="Administrator" role="img" />}
        {current && <Check size={16} aria-label="Current organisation" role="img" />}
      </div>
    </Combobox.Option>
  );
}

function SwitcherEmpty({ searching }: { searching: boolean }) {
  if (!searching) return <Combobox.Empty>{MESSAGES.noOrganisationsAvailable}</Combobox.Empty>;
  return (
    <Combobox.Empty>
      <Text size="sm" fw={600}>
        {MESSAGES.noOrganisationsFound}
      </Text>
      <Text size="xs" c="dimmed">
        {MESSAGES.tryAdjustingSearch}
      </Text>
    </Combobox.Empty>
  );
}
