import { useState } from 'react';
import type { PageSelection, SelectionHost } from '../../entities/pageSelection/selection';
import { createBulkApi } from './api';
import type { BulkApi } from './api';
import { BulkBar } from './components/BulkBar';
import { loadJobs, saveJobs } from './savedJobs';
import type { StartedJob } from './savedJobs';
import { JobPanel } from './components/JobPanel';
import './bulk.css';

interface BulkActionsProps {
  selection: PageSelection;
  locale: string;
  /** The tree the pages are selected in: it reads them again when a job is done. */
  host: SelectionHost;
  api?: BulkApi;
  /** Where the jobs started in this tab are kept across reloads (none: not kept). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * Bulk actions on the pages selected in the tree (issue 33): the bar, and a panel per job
 * started, kept in sight at the bottom of the window while the tree scrolls and stays usable,
 * and found again after a reload until it is closed.
 */
export function BulkActions({
  selection,
  locale,
  host,
  api = defaultApi,
  storage,
}: BulkActionsProps) {
  const [jobs, setJobs] = useState<StartedJob[]>(() => loadJobs(storage));
  // The job started on this screen takes the focus; those found again after a reload do not.
  const [startedHere, setStartedHere] = useState<StartedJob | null>(null);
  const change = (update: (current: StartedJob[]) => StartedJob[]) =>
    setJobs((current) => {
      const next = update(current);
      saveJobs(storage, next);
      return next;
    });
  return (
    <div className="bulk-dock">
      {jobs.map((job) => (
        <JobPanel
          key={String(job.accepted.id)}
          api={api}
          accepted={job.accepted}
          action={job.action}
          names={job.names}
          onFinished={host.refresh}
          onClose={() => change((current) => current.filter((item) => item !== job))}
          takeFocus={job === startedHere}
        />
      ))}
      <BulkBar
        selection={selection}
        locale={locale}
        api={api}
        onStarted={(job) => {
          setStartedHere(job);
          change((current) => [...current, job]);
        }}
      />
    </div>
  );
}

const defaultApi = createBulkApi();
