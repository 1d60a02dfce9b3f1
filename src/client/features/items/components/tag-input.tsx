import { addTags } from '@common/domain/item-form-rules';
import { MAX_TAGS } from '@common/domain/limits';
import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@client/lib/utils';

/**
 * Tags as chips: type and press Enter or a comma (or paste "a, b, c"); Backspace in the empty
 * box removes the last chip. Leaving the box adds what is still typed, so a submit keeps it.
 */
export function TagInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('items');
  const [draft, setDraft] = useState('');

  const commit = (text: string) => {
    if (!text.trim()) return;
    onChange(addTags(value, text));
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-card px-2 py-1.5 shadow-xs transition-colors',
        'focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40',
        invalid && 'border-destructive',
      )}
    >
      {value.map((tag) => (
        <span
          key={tag}
          className="inline-flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-sm text-secondary-foreground"
          data-testid={`chip-tag-${tag}`}
        >
          #{tag}
          <button
            type="button"
            aria-label={t('tags.remove', { tag })}
            onClick={() => onChange(value.filter((entry) => entry !== tag))}
            className="rounded-full p-0.5 hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </span>
      ))}
      <input
        id={id}
        value={draft}
        onChange={(event) => {
          const text = event.target.value;
          if (text.includes(',')) commit(text);
          else setDraft(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => commit(draft)}
        disabled={value.length >= MAX_TAGS}
        placeholder={value.length ? '' : 'e.g. vintage, denim, summer'}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        enterKeyHint="enter"
        className="h-7 min-w-32 flex-1 bg-transparent px-1 text-base outline-none placeholder:text-muted-foreground md:text-sm"
      />
    </div>
  );
}
