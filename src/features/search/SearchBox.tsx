import searchMessages from 'island-messages:header.search';
import { useEffect, useId, useMemo, useState } from 'react';
import { type SearchItem, type SearchResult, searchIncremental } from '~/client/api';
import { api } from '~/client/siteApi';
import { type Locale, localizePath } from '~/features/i18n/locales';
import { createSuggester, searchPath } from './suggest';

export interface SearchBoxProps {
  locale: Locale;
  /** The keyword of the search results page being shown, kept in the box there. */
  initialKeyword?: string;
}

/** The box's words (`header.search.*`), loaded with its code rather than sent in its props. */
type SearchMessages = Record<
  'label' | 'placeholder' | 'submit' | 'categories' | 'illustrators' | 'cards' | 'noResults',
  string
>;

/**
 * Where a suggestion leads: `/{redirectUrl}/{address}` in the visitor's locale (spec §2); a card's address is
 * its chain id, contract and token id, each segment escaped on its own.
 */
export function suggestionPath(item: SearchItem, locale: Locale): string {
  const base = item.redirectUrl.replace(/^\/+|\/+$/g, '');
  return localizePath(`/${base}/${item.address.split('/').map(encodeURIComponent).join('/')}`, locale);
}

/**
 * Header search with suggestions (ARIA combobox): at most one call per 500 ms, the previous call
 * cancelled, an empty keyword clears the list, Enter opens `/search/{keyword}` (or the highlighted
 * suggestion). Without JavaScript the form submits to `/search?keyword=`, which redirects there. The list is drawn
 * when it opens, so the page carries the box alone.
 * @see docs/product-spec.md §5 (Search), §9
 */
export default function SearchBox({ locale, initialKeyword = '' }: SearchBoxProps) {
  const messages = searchMessages[locale] as SearchMessages;
  const [keyword, setKeyword] = useState(initialKeyword);
  const [result, setResult] = useState<SearchResult | null>(null);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const suggester = useMemo(
    () =>
      createSuggester<SearchResult>({
        search: (kw, signal) => searchIncremental(api, kw, signal, locale),
        onResult: (found) => {
          setResult(found);
          setActive(-1);
        },
        onClear: () => setResult(null),
      }),
    [locale],
  );
  useEffect(() => () => suggester.dispose(), [suggester]);

  const groups = result
    ? ([
        [messages.cards, result.cards],
        [messages.categories, result.categories],
        [messages.illustrators, result.illustrators],
      ] as const)
    : [];
  const items = groups.flatMap(([, list]) => list);
  const open = result !== null && keyword.trim() !== '';

  function go(path: string) {
    window.location.assign(path);
  }

  return (
    <search className="relative w-full max-w-md">
      <form
        action={localizePath('/search', locale)}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = items[active];
          if (chosen) go(suggestionPath(chosen, locale));
          else if (keyword.trim()) go(searchPath(keyword, locale));
        }}
      >
        <label htmlFor={`${listId}-input`} className="sr-only">
          {messages.label}
        </label>
        <input
          id={`${listId}-input`}
          name="keyword"
          // A combobox is a text input (WAI-ARIA's combobox pattern): `type=search` is a searchbox by its own role
          // in HTML, which may not be made a combobox (the Nu checker refuses it). The keyboard still offers search.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          // Named only while open: the list is drawn on opening, and an id must name an element.
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && active >= 0 ? `${listId}-opt-${active}` : undefined}
          placeholder={messages.placeholder}
          value={keyword}
          className="search-input"
          onChange={(event) => {
            setKeyword(event.target.value);
            suggester.input(event.target.value);
          }}
          onKeyDown={(event) => {
            if (!open || items.length === 0) return;
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((i) => (i + 1) % items.length);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
            } else if (event.key === 'Escape') {
              setResult(null);
            }
          }}
        />
        <button type="submit" className="sr-only">
          {messages.submit}
        </button>
        {open && (
          <div id={listId} role="listbox" aria-label={messages.label} className="menu-panel w-full p-2">
            {items.length === 0 && <p className="px-2 py-1 text-sm text-ink-muted">{messages.noResults}</p>}
            {groups.map(([title, list], groupIndex) =>
              list.length === 0 ? null : (
                // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not a fieldset
                <div key={title} role="group" aria-label={title}>
                  <p className="px-2 pt-1 text-xs font-semibold text-ink-faint">{title}</p>
                  {list.map((item, i) => {
                    const index = groups.slice(0, groupIndex).reduce((sum, [, before]) => sum + before.length, 0) + i;
                    return (
                      <div
                        key={`${title}-${item.address}`}
                        id={`${listId}-opt-${index}`}
                        role="option"
                        aria-selected={index === active}
                        tabIndex={-1}
                        className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 ${index === active ? 'bg-surface' : ''}`}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => go(suggestionPath(item, locale))}
                        onKeyDown={() => {}}
                      >
                        {item.image && (
                          <img
                            src={item.image}
                            alt=""
                            width="24"
                            height="24"
                            className="h-6 w-6 rounded object-cover"
                          />
                        )}
                        <span>{item.name}</span>
                      </div>
                    );
                  })}
                </div>
              ),
            )}
          </div>
        )}
      </form>
    </search>
  );
}
