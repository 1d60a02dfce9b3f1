import { townLabel, type Town } from '@common/api/towns';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/utils';
import { useTown, useTownSearch } from '../api';

/** "TX, United States" / "France": what tells towns of one name apart, the country in the page's language. */
function townPlace(town: Town, language: string): string {
  const region = /^[A-Z]{2,3}$/.test(town.region) ? town.region : '';
  let country = town.country;
  try {
    country = new Intl.DisplayNames([language], { type: 'region' }).of(town.country) ?? town.country;
  } catch {
    // An engine without the country's name keeps its code.
  }
  return [region, country].filter(Boolean).join(', ');
}

/**
 * Picks a town of the gazetteer: a text box with a list of suggestions, following the ARIA
 * combobox pattern (the input owns a listbox; arrow keys move the active option, Enter picks it,
 * Escape closes the list). Typing waits 200 ms before asking the server.
 */
export function TownCombobox({
  id,
  label,
  value,
  onChange,
  className,
  testId = 'town-combobox',
  hint,
}: {
  id: string;
  label: string;
  value: number | null | undefined;
  onChange: (town: Town | null) => void;
  className?: string;
  testId?: string;
  /** The line under the box; the privacy note by default, none with null. */
  hint?: string | null;
}) {
  const { t, i18n } = useTranslation('common');
  const hintText = hint === undefined ? t('towns.hint') : hint;
  const chosen = useTown(value);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const hintId = useId();
  const search = useTownSearch(query);
  const options = open ? (search.data ?? []) : [];

  // Show the chosen town's name once it is known (and again when it changes elsewhere).
  const chosenLabel = chosen.data ? townLabel(chosen.data) : '';
  useEffect(() => {
    if (!open) setText(value ? chosenLabel : '');
  }, [chosenLabel, value, open]);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text), 200);
    return () => window.clearTimeout(timer);
  }, [text]);

  const pick = (town: Town) => {
    setText(townLabel(town));
    setOpen(false);
    onChange(town);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const expanded = open && options.length > 0;
  return (
    <div className={cn('relative grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-describedby={hintText ? hintId : undefined}
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={text}
        placeholder={t('towns.placeholder')}
        data-testid={testId}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (!event.target.value.trim() && value) onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
      />
      {hintText ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hintText}
        </p>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute top-[4.25rem] right-0 left-0 z-50 max-h-64 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {options.map((town, index) => (
          <li
            key={town.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            data-testid={`town-option-${town.id}`}
            className={cn(
              'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
              index === active && 'bg-accent text-accent-foreground',
            )}
            onMouseDown={(event) => {
              event.preventDefault();
              pick(town);
            }}
            onMouseEnter={() => setActive(index)}
          >
            <span className="font-medium">{town.name}</span>, {townPlace(town, i18n.language)}
          </li>
        ))}
      </ul>
    </div>
  );
}
