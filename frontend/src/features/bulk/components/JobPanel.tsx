import { useEffect, useId, useMemo, useRef } from 'react';
import type { BulkAction, BulkJob, BulkJobAccepted, BulkResult } from '../../../api/types';
import { t } from '../../../i18n';
import type { BulkApi } from '../api';
import { confirmLabel, tally } from '../model';
import { useJob } from '../useJob';

/** How many refused or failed pages a list shows; the rest are counted. */
const LISTED = 100;

interface JobPanelProps {
  api: Pick<BulkApi, 'job'>;
  accepted: BulkJobAccepted;
  action: BulkAction;
  /** The selected pages' names when the job started, by id: the results name them so. */
  names: ReadonlyMap<number, string>;
  /** The job is done: the tree reads its pages again. */
  onFinished: (job: BulkJob) => void;
  onClose: () => void;
  /** Take the focus as it shows (a job just started; not one found again after a reload). */
  takeFocus?: boolean;
}

/**
 * A bulk job as it runs: a progress bar (done of total), then what came of it — the pages done
 * counted, those refused and those failed listed with the reason the server gave.
 */
export function JobPanel({
  api,
  accepted,
  action,
  names,
  onFinished,
  onClose,
  takeFocus = false,
}: JobPanelProps) {
  const { job, lost, gone } = useJob(api, accepted, onFinished);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The bar the job was started from goes with the selection: the focus comes here.
  const focusOnce = useRef(takeFocus);
  useEffect(() => {
    if (focusOnce.current) heading.current?.focus();
  }, []);
  const sums = useMemo(() => tally(job.results), [job.results]);
  const finished = job.state === 'done';
  const state = finished
    ? t('bulk.job.finished')
    : job.state === 'queued'
      ? t('bulk.job.queued')
      : t('bulk.job.running');
  const nameOf = (id: number) => names.get(id) ?? t('bulk.pageNumber', { id });

  return (
    <section className="bulk-job" aria-labelledby={titleId} data-state={job.state}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="bulk-job__title">
        {t('bulk.job.title', { action: confirmLabel(action), count: job.total })}
      </h2>
      <div className="bulk-job__progress">
        <progress
          className="bulk-job__bar"
          max={Math.max(job.total, 1)}
          value={Math.min(job.done, job.total)}
          aria-label={t('bulk.job.progressLabel')}
          aria-valuetext={t('bulk.job.progress', { done: job.done, count: job.total })}
        />
        <span className="bulk-job__count">
          {t('bulk.job.progress', { done: job.done, count: job.total })}
        </span>
      </div>
      <p className="bulk-job__state" role="status">
        {gone ? t('bulk.job.gone', { reason: gone }) : lost ? t('bulk.job.lost') : state}
      </p>
      {(finished || job.results.length > 0) && (
        <div className="bulk-job__results">
          <p>{t('bulk.result.done', { count: sums.done })}</p>
          <ResultList kind="refused" results={sums.refused} nameOf={nameOf} />
          <ResultList kind="failed" results={sums.failed} nameOf={nameOf} />
        </div>
      )}
      {(finished || gone) && (
        <button type="button" className="button" onClick={onClose}>
          {t('bulk.job.close')}
        </button>
      )}
    </section>
  );
}

interface ResultListProps {
  kind: 'refused' | 'failed';
  results: readonly BulkResult[];
  nameOf: (id: number) => string;
}

/** The pages refused or failed, each with its reason. */
function ResultList({ kind, results, nameOf }: ResultListProps) {
  const id = useId();
  if (results.length === 0) return null;
  const more = results.length - LISTED;
  return (
    <>
      <p id={id} className={`bulk-job__outcome bulk-job__outcome--${kind}`}>
        {t(`bulk.result.${kind}`, { count: results.length })}
      </p>
      <ul className="bulk-job__list" aria-labelledby={id}>
        {results.slice(0, LISTED).map((result) => (
          <li key={result.page_id}>
            <bdi className="bulk-job__name">{nameOf(result.page_id)}</bdi>
            {': '}
            <span className="bulk-job__reason">{result.message || t('bulk.result.noReason')}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p>{t('bulk.result.more', { count: more })}</p>}
    </>
  );
}
