import { describe, expect, it } from 'vitest';
import { loadJobs, saveJobs } from './savedJobs';
import type { StartedJob } from './savedJobs';

function memory(initial: string | null = null) {
  let value = initial;
  return {
    getItem: () => value,
    setItem: (_key: string, text: string) => {
      value = text;
    },
    get value() {
      return value;
    },
  };
}

const started = (id: number): StartedJob => ({
  accepted: { id, state: 'running', total: 2 },
  action: 'publish',
  names: new Map([
    [1, 'Home'],
    [2, 'Contact'],
  ]),
});

describe('the jobs a tab keeps', () => {
  it('come back as they were kept, each to be asked how it stands', () => {
    const storage = memory();
    saveJobs(storage, [started(5), started(6)]);
    const jobs = loadJobs(storage);
    expect(jobs.map((job) => job.accepted)).toEqual([
      { id: 5, state: 'queued', total: 2 },
      { id: 6, state: 'queued', total: 2 },
    ]);
    expect(jobs[0]?.names.get(2)).toBe('Contact');
  });

  it('are the newest ten at most', () => {
    const storage = memory();
    saveJobs(
      storage,
      Array.from({ length: 12 }, (_, index) => started(index + 1)),
    );
    expect(loadJobs(storage).map((job) => job.accepted.id)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });

  it.each([
    ['nothing kept', null],
    ['not JSON', '{'],
    ['not a list', '{"id": 1}'],
    ['an entry of the wrong shape', '[{"id": [1], "total": 2, "action": "publish", "names": []}]'],
    ['a text id', '[{"id": "a1", "total": 2, "action": "publish", "names": []}]'],
    ['an unknown action', '[{"id": 1, "total": 2, "action": "drop", "names": []}]'],
    ['no total', '[{"id": 1, "action": "publish", "names": []}]'],
    ['a null entry', '[null]'],
  ])('are none for %s', (_, text) => {
    expect(loadJobs(memory(text))).toEqual([]);
  });

  it('leave out names of the wrong shape and keep the rest', () => {
    const text = '[{"id": 41, "total": 2, "action": "hide", "names": [[1, "Home"], ["2", 3], 7]}]';
    const [job] = loadJobs(memory(text));
    expect(job?.accepted.id).toBe(41);
    expect([...(job?.names ?? [])]).toEqual([[1, 'Home']]);
  });

  it('are not kept, quietly, when the storage is full or missing', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => saveJobs(full, [started(1)])).not.toThrow();
    expect(() => saveJobs(undefined, [started(1)])).not.toThrow();
    expect(loadJobs(undefined)).toEqual([]);
  });
});
