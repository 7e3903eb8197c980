import { useState } from 'react';
import type { PageSelection, SelectionHost } from '../../entities/pageSelection/selection';
import { createBulkApi } from './api';
import type { BulkApi } from './api';
import { BulkBar } from './components/BulkBar';
import type { StartedJob } from './components/BulkBar';
import { JobPanel } from './components/JobPanel';
import './bulk.css';

interface BulkActionsProps {
  selection: PageSelection;
  locale: string;
  /** The tree the pages are selected in: it reads them again when a job is done. */
  host: SelectionHost;
  api?: BulkApi;
}

/**
 * Bulk actions on the pages selected in the tree (issue 33): the bar, and a panel per job
 * started, kept in sight at the bottom of the window while the tree scrolls and stays usable.
 */
export function BulkActions({ selection, locale, host, api = defaultApi }: BulkActionsProps) {
  const [jobs, setJobs] = useState<StartedJob[]>([]);
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
          onClose={() => setJobs((current) => current.filter((item) => item !== job))}
        />
      ))}
      <BulkBar
        selection={selection}
        locale={locale}
        api={api}
        onStarted={(job) => setJobs((current) => [...current, job])}
      />
    </div>
  );
}

const defaultApi = createBulkApi();
