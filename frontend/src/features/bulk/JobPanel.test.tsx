import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkJob, BulkResult } from '../../api/types';
import { createBulkApi } from './api';
import { JobPanel } from './components/JobPanel';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const done = (id: number): BulkResult => ({ page_id: id, outcome: 'done', message: '' });
const job = (state: BulkJob['state'], results: BulkResult[], total = 30): BulkJob => ({
  id: 77,
  state,
  total,
  done: results.length,
  results,
});
const ids = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Answer GET jobs/77.json with each of `answers` in turn (the last again), noting the times. */
function stubJob(answers: (BulkJob | Response)[]) {
  const polls: number[] = [];
  const started = Date.now();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(url).toBe('/admin/jobs/77.json');
      polls.push(Date.now() - started);
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      return answer instanceof Response ? answer.clone() : Response.json(answer);
    }),
  );
  return polls;
}

function renderPanel(names = new Map(ids(1, 30).map((id) => [id, `Page ${id}`]))) {
  const onFinished = vi.fn();
  const onClose = vi.fn();
  render(
    <JobPanel
      api={createBulkApi()}
      accepted={{ id: 77, state: 'queued', total: 30 }}
      action="publish"
      names={names}
      onFinished={onFinished}
      onClose={onClose}
    />,
  );
  return { onFinished, onClose };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const progress = () => screen.getByRole('progressbar', { name: 'Progress' });

const refused = (id: number): BulkResult => ({
  page_id: id,
  outcome: 'refused',
  message: 'You may not publish this page.',
});

describe('a bulk job’s panel', () => {
  it('polls every second while the job moves, and stops when it is done', async () => {
    const finished = job('done', [...ids(1, 28).map(done), refused(29), refused(30)]);
    const polls = stubJob([
      job('running', ids(1, 10).map(done)),
      job('running', ids(1, 20).map(done)),
      finished,
    ]);
    const { onFinished } = renderPanel();
    expect(screen.getByText('Waiting to start…')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('value', '0');
    await wait(1000);
    expect(progress()).toHaveAttribute('value', '10');
    expect(progress()).toHaveAttribute('max', '30');
    expect(screen.getByText('10 of 30 pages')).toBeInTheDocument();
    expect(screen.getByText('Working on it. You can go on using the tree.')).toBeInTheDocument();
    await wait(1000);
    expect(screen.getByText('20 of 30 pages')).toBeInTheDocument();
    await wait(1000);
    expect(screen.getByText('Finished.')).toBeInTheDocument();
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished).toHaveBeenCalledWith(finished);
    await wait(30_000);
    expect(polls).toEqual([1000, 2000, 3000]);
  });

  it('polls less and less often while the job does not move', async () => {
    const queued = job('queued', []);
    const polls = stubJob([queued, queued, queued, queued, job('running', [done(1)])]);
    renderPanel();
    await wait(20_000);
    // 1 s, then 1 s (no earlier answer to compare), then ×1.5 while queued (1.5, 2.25, 3.375 s);
    // back to 1 s once it moves, and ×1.5 again while it stays.
    expect(polls.slice(0, 7)).toEqual([1000, 2000, 3500, 5750, 9125, 10125, 11625]);
  });

  it('lists what was done, refused with each page’s reason, and failed', async () => {
    stubJob([
      job('done', [
        ...ids(1, 27).map(done),
        refused(29),
        { page_id: 30, outcome: 'refused', message: 'Only an editor may publish “Staff”.' },
        { page_id: 99, outcome: 'failed', message: '' },
      ]),
    ]);
    const { onClose } = renderPanel();
    await wait(1000);
    expect(screen.getByText('27 pages done.')).toBeInTheDocument();
    const refusedList = screen.getByRole('list', { name: '2 pages refused:' });
    expect(
      within(refusedList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Page 29: You may not publish this page.',
      'Page 30: Only an editor may publish “Staff”.',
    ]);
    // A page the selection did not name (it came from elsewhere) is named by its id.
    const failedList = screen.getByRole('list', { name: '1 page failed:' });
    expect(failedList).toHaveTextContent('Page 99: No reason given.');
    screen.getByRole('button', { name: 'Close' }).click();
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the server does not answer, and goes on asking', async () => {
    const polls = stubJob([new Response('', { status: 503 }), job('done', ids(1, 30).map(done))]);
    const { onFinished } = renderPanel();
    await wait(1000);
    expect(screen.getByText('No answer from the server; trying again…')).toBeInTheDocument();
    await wait(1500);
    expect(screen.getByText('30 pages done.')).toBeInTheDocument();
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(polls).toEqual([1000, 2500]);
  });

  it('stops when the server refuses to tell, and says why', async () => {
    const polls = stubJob([Response.json({ detail: 'Not found.' }, { status: 404 })]);
    const { onFinished } = renderPanel();
    await wait(10_000);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The job can no longer be followed: Not found.',
    );
    expect(polls).toEqual([1000]);
    expect(onFinished).not.toHaveBeenCalled();
  });
});
