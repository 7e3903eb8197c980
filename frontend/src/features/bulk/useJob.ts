import { useEffect, useRef, useState } from 'react';
import type { BulkJob, BulkJobAccepted } from '../../api/types';
import { HttpError, NO_ANSWER } from '../../lib/http';
import type { BulkApi } from './api';
import { FIRST_POLL_MS, moved, nextPollDelay } from './model';

export interface JobProgress {
  job: BulkJob;
  /** The last poll got no answer, or a server error: the next one tries again. */
  lost: boolean;
  /** Why the job can no longer be followed (the server refused the poll): polling stopped. */
  gone: string | null;
}

/** Whether a failed poll is worth another: no answer or a server error may pass, a refusal won't. */
function passing(error: unknown): boolean {
  return !(error instanceof HttpError) || error.status === NO_ANSWER || error.status >= 500;
}

/**
 * Follow a job from its acceptance: GET jobs/{id}.json after ~1 s, then again with backoff
 * (nextPollDelay) until it is done; `onDone` is called once, with the finished job.
 */
export function useJob(
  api: Pick<BulkApi, 'job'>,
  accepted: BulkJobAccepted,
  onDone: (job: BulkJob) => void,
): JobProgress {
  const [progress, setProgress] = useState<JobProgress>(() => ({
    job: { ...accepted, done: 0, results: [] },
    lost: false,
    gone: null,
  }));
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  const { id } = accepted;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_POLL_MS;
    let last: BulkJob | null = null;
    const poll = async () => {
      try {
        const job = await api.job(id);
        if (stopped) return;
        setProgress({ job, lost: false, gone: null });
        if (job.state === 'done') {
          done.current(job);
          return;
        }
        delay = last && !moved(last, job) ? nextPollDelay(delay, false) : FIRST_POLL_MS;
        last = job;
      } catch (error) {
        if (stopped) return;
        if (!passing(error)) {
          const reason = error instanceof Error ? error.message : String(error);
          setProgress((current) => ({ ...current, lost: false, gone: reason }));
          return;
        }
        setProgress((current) => ({ ...current, lost: true }));
        delay = nextPollDelay(delay, false);
      }
      timer = setTimeout(() => void poll(), delay);
    };
    timer = setTimeout(() => void poll(), FIRST_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, id]);

  return progress;
}
