// The currency selector with its search (docs/product/donation-form.md#step-1-amount). Hand-written: the public entry
// carries no widget library. A button opens a popup with a search box driving a listbox
// (aria-activedescendant), so arrow keys, Enter and Escape work without leaving the search box.

import { searchCurrencies } from '@kindling/contracts/currency-rules.ts';
import { DONATION_FORM_TEXT, PAYMENT_MESSAGES } from '@kindling/contracts/donation-constants.ts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

type Props = { value: string; currencies: readonly string[]; onChange: (code: string) => void };

export function CurrencySelect({ value, currencies, onChange }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const matches = currencies.length === 0 ? [] : searchCurrencies(query, currencies);

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const outside = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    // Tabbing out closes the popup too. A native listener: React's onBlur bubbles, Preact's does not.
    const focusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && root.current && !root.current.contains(next)) setOpen(false);
    };
    const node = root.current;
    document.addEventListener('mousedown', outside);
    node?.addEventListener('focusout', focusOut);
    return () => {
      document.removeEventListener('mousedown', outside);
      node?.removeEventListener('focusout', focusOut);
    };
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    setQuery('');
    if (focusButton) button.current?.focus();
  };
  const choose = (code: string) => {
    onChange(code);
    close(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const match = matches[active];
      if (match) choose(match.code);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };
  const empty =
    currencies.length === 0
      ? PAYMENT_MESSAGES.noCurrenciesConfigured
      : matches.length === 0
        ? PAYMENT_MESSAGES.noCurrenciesMatch
        : null;

  return (
    <div className="kd-currency" ref={root}>
      <button
        ref={button}
        type="button"
        className="kd-currency-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`Currency: ${value}`}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <span>{value}</span>
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open && (
        <div className="kd-currency-popup">
          <input
            ref={search}
            type="text"
            role="combobox"
            aria-label={DONATION_FORM_TEXT.searchCurrencies}
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={matches[active] ? `${id}-${matches[active].code}` : undefined}
            placeholder={DONATION_FORM_TEXT.searchCurrencies}
            value={query}
            autoComplete="off"
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          {empty ? (
            <p className="kd-currency-empty">{empty}</p>
          ) : (
            <div id={`${id}-list`} role="listbox" aria-label="Currencies">
              {matches.map((c, i) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the search box handles the keys (aria-activedescendant)
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the search box (aria-activedescendant)
                <div
                  key={c.code}
                  id={`${id}-${c.code}`}
                  role="option"
                  aria-selected={c.code === value}
                  className={i === active ? 'kd-active' : undefined}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(c.code)}
                >
                  <strong>{c.code}</strong> <span>{c.name}</span>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
