// The jobs this tab started, kept in its session storage: a job runs on the server whatever the
// screen does, so a reload, or a visit to an editor and back, finds its panel again (following
// the job from where it stands) until the person closes it.
import type { BulkAction, BulkJobAccepted } from '../../api/types';
import { ACTIONS } from './model';

/** A job the bar started, with the names its results show its pages by. */
export interface StartedJob {
  accepted: BulkJobAccepted;
  action: BulkAction;
  names: ReadonlyMap<number, string>;
}

const KEY = 'bulkJobs';
/** A tab keeps this many jobs at most; the oldest go first. */
const KEPT = 10;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

interface Stored {
  id: number;
  total: number;
  action: BulkAction;
  names: [number, string][];
}

const isAction = (value: unknown): value is BulkAction =>
  ACTIONS.some((spec) => spec.action === value);

/** One stored entry, or null when it is not one (an older shape, a hand edit). */
function parse(value: unknown): StartedJob | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, total, action, names } = value as Partial<Stored>;
  if (typeof id !== 'number') return null;
  if (typeof total !== 'number' || !isAction(action) || !Array.isArray(names)) return null;
  const pairs = names.filter(
    (pair): pair is [number, string] =>
      Array.isArray(pair) && typeof pair[0] === 'number' && typeof pair[1] === 'string',
  );
  // Queued is only where it starts: the first poll says how it stands.
  return { accepted: { id, total, state: 'queued' }, action, names: new Map(pairs) };
}

/** The jobs kept in this tab, oldest first. */
export function loadJobs(storage: Storage | undefined): StartedJob[] {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.map(parse).filter((job): job is StartedJob => job !== null);
  } catch {
    return [];
  }
}

/** Keep these jobs (the newest KEPT); a full or missing storage keeps none, quietly. */
export function saveJobs(storage: Storage | undefined, jobs: readonly StartedJob[]): void {
  const stored: Stored[] = jobs.slice(-KEPT).map((job) => ({
    id: job.accepted.id,
    total: job.accepted.total,
    action: job.action,
    names: [...job.names],
  }));
  try {
    storage?.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Over the quota: the panels show until the screen closes, as without storage.
  }
}
