import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../../api/types';
import { t } from '../../../i18n';
import { editPageUrl, untitledLabel } from '../../../lib/page';
import { contentLang } from '../../../ui/contentLocale';
import { Pager } from '../../../ui/pager/Pager';
import { CONTENT_PAGE_SIZE, MIN_CONTENT_QUERY, snippetParts } from '../contentSearch';
import type { ContentSearchAnswer, ContentSearchResult, SearchContent } from '../contentSearch';
import { SearchField } from './SearchField';

const SEARCH_DELAY_MS = 300;

type Outcome =
  | { query: string; page: number; status: 'done'; answer: ContentSearchAnswer }
  | { query: string; page: number; status: 'failed' };

interface ContentSearchProps {
  search: SearchContent;
  locales: readonly Locale[];
  /** The box's text, kept by the search box as the mode changes. */
  text: string;
  onText: (text: string) => void;
}

/** 'Search the content': ranked results with the found words marked, a page at a time. */
export function ContentSearch({ search, locales, text, onText }: ContentSearchProps) {
  const id = useId();
  const [asked, setAsked] = useState({ query: '', page: 1 });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const query = text.trim();
  const tooShort = query !== '' && Array.from(query).length < MIN_CONTENT_QUERY;

  useEffect(() => {
    if (Array.from(query).length < MIN_CONTENT_QUERY) return;
    const timer = window.setTimeout(() => setAsked({ query, page: 1 }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    if (!asked.query) return;
    let current = true;
    search(asked.query, asked.page).then(
      (answer) => current && setOutcome({ ...asked, status: 'done', answer }),
      () => current && setOutcome({ ...asked, status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [search, asked]);

  const live = query !== '' && !tooShort && asked.query === query;
  const settled =
    live && outcome?.query === asked.query && outcome.page === asked.page ? outcome : null;
  const status = tooShort
    ? t('search.content.tooShort')
    : !live || query === ''
      ? ''
      : !settled
        ? t('search.content.searching')
        : settled.status === 'failed'
          ? t('search.content.failed')
          : settled.answer.total === 0
            ? t('search.content.none', { query })
            : t('search.content.found', { count: settled.answer.total });
  const answer = settled?.status === 'done' ? settled.answer : null;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / CONTENT_PAGE_SIZE)) : 1;

  return (
    <div className="content-search">
      <div className="tree-search__row">
        <SearchField
          id={`${id}-input`}
          label={t('search.content.label')}
          placeholder={t('search.content.placeholder')}
          text={text}
          onText={onText}
          onEnter={() => {
            if (!tooShort && query) setAsked({ query, page: 1 });
          }}
          status={status}
        />
      </div>
      {answer && answer.results.length > 0 && (
        <>
          <ol
            className="content-results"
            aria-label={t('search.content.results')}
            start={(asked.page - 1) * CONTENT_PAGE_SIZE + 1}
          >
            {answer.results.map((result) => (
              <ResultItem
                key={`${result.page_id}-${result.locale}`}
                result={result}
                locales={locales}
              />
            ))}
          </ol>
          {pages > 1 && (
            <Pager
              list="search"
              page={asked.page}
              pages={pages}
              busy={!settled}
              onPage={(page) => setAsked({ query: asked.query, page })}
            />
          )}
        </>
      )}
    </div>
  );
}

/** One result: the page's name in the result's locale, opening it there, and its snippet. */
function ResultItem({
  result,
  locales,
}: {
  result: ContentSearchResult;
  locales: readonly Locale[];
}) {
  const lang = contentLang(locales, result.locale);
  const localeName = locales.find((item) => item.code === result.locale)?.name ?? result.locale;
  return (
    <li className="content-result">
      <a className="content-result__name" href={editPageUrl(result.locale, result.page_id)}>
        <span {...(result.name ? lang : {})}>{result.name || untitledLabel()}</span>
      </a>{' '}
      <span className="content-result__locale" lang={result.locale}>
        {localeName}
      </span>
      <p className="content-result__snippet" {...lang}>
        {snippetParts(result.snippet, result.highlights).map((part, index) =>
          part.marked ? <mark key={index}>{part.text}</mark> : part.text,
        )}
      </p>
    </li>
  );
}
