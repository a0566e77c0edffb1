import { EMAIL_KIND_LABELS, type TEmailKind } from '@kindling/contracts/email-template-rules.ts';
import { Tabs } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { type PageEntry, pageEntry } from '../../../shared/page-catalog.ts';
import { LeaveGuard } from '../../../system/LeaveGuard.tsx';
import { TemplateSection } from '../components/TemplateSection.tsx';

const entryOf = (pattern: string, title: string): PageEntry =>
  pageEntry(pattern) ?? { title, section: 'Fundraising', description: '', emptyTitle: '' };

/**
 * The organisation's templates of a group of kinds, one tab each. Tabs stay mounted, so a draft in
 * one survives a look at another; leaving the page with any unsaved draft asks first.
 */
export function TemplateKindsPage({
  pattern,
  title,
  kinds,
}: {
  pattern: string;
  title: string;
  kinds: readonly TEmailKind[];
}) {
  const [active, setActive] = useState<string>(kinds[0] ?? 'receipt');
  const dirty = useRef<Partial<Record<TEmailKind, boolean>>>({});
  const [dirtyTabs, setDirtyTabs] = useState<Partial<Record<TEmailKind, boolean>>>({});
  const onDirty = useCallback((kind: TEmailKind, value: boolean) => {
    dirty.current[kind] = value;
    setDirtyTabs((tabs) => (tabs[kind] === value ? tabs : { ...tabs, [kind]: value }));
  }, []);
  const handlers = useRef(new Map<TEmailKind, (value: boolean) => void>());
  const handlerFor = (kind: TEmailKind) => {
    let handler = handlers.current.get(kind);
    if (!handler) {
      handler = (value: boolean) => onDirty(kind, value);
      handlers.current.set(kind, handler);
    }
    return handler;
  };
  const anyDirty = useCallback(() => Object.values(dirty.current).some(Boolean), []);
  return (
    <PageFrame entry={entryOf(pattern, title)}>
      <LeaveGuard when={anyDirty} what="the e-mail templates" />
      <Tabs value={active} onChange={(value) => value && setActive(value)} keepMounted>
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {kinds.map((kind) => (
            <Tabs.Tab key={kind} value={kind} style={{ whiteSpace: 'nowrap' }}>
              {EMAIL_KIND_LABELS[kind]}
              {dirtyTabs[kind] ? ' •' : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {kinds.map((kind) => (
          <Tabs.Panel key={kind} value={kind} pt="lg">
            <TemplateSection target={{ kind, campaignId: null }} onDirtyChange={handlerFor(kind)} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </PageFrame>
  );
}
