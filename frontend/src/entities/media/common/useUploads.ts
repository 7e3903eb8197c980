import { useCallback, useEffect, useRef } from 'react';
import { useToast } from '../../../ui/toast';

/** An upload on its way, shown where its file will land until the server answers. */
export interface UploadPlaceholder {
  kind: 'upload';
  key: string;
  filename: string;
  /** 0 to 1. */
  progress: number;
}

/** What the server made of one file: how to put it in the state, or the toast's message. */
export type UploadOutcome<S> =
  { kind: 'done'; settle: (state: S, key: string) => S } | { kind: 'error'; message: string };

/** How one list (the image grid, the attachments list) takes uploads into its state. */
export interface UploadRules<S, T> {
  /** The files it takes (the others are left out silently). */
  accept: (files: readonly File[]) => File[];
  /** Show the uploads' placeholders where they will land. */
  place: (state: S, uploads: UploadPlaceholder[], target: T) => S;
  progress: (state: S, key: string, fraction: number) => S;
  /** Take a failed upload's placeholder away. */
  failed: (state: S, key: string) => S;
  /** Send one file to the server. */
  send: (file: File, onProgress: (fraction: number) => void) => Promise<UploadOutcome<S>>;
}

type StateChange<S> = (change: (state: S) => S) => void;

let uploadCount = 0;

/**
 * Upload files into a list's state (spec §4, §7, §8): each shows as a placeholder with its
 * progress, becomes what the server returns, or goes away with an error toast. `change` must
 * stay usable after the list unmounts (the editor's state), so a tab switch loses nothing; the
 * rules are read when files arrive and when answers come, so they may change every render.
 */
export function useUploads<S, T>(
  change: StateChange<S>,
  rules: UploadRules<S, T>,
): (files: Iterable<File>, target: T) => void {
  const toast = useToast();
  const latest = useRef({ change, rules, toast });
  useEffect(() => {
    latest.current = { change, rules, toast };
  }, [change, rules, toast]);

  return useCallback((files: Iterable<File>, target: T) => {
    const { rules: current } = latest.current;
    const accepted = current.accept([...files]);
    if (accepted.length === 0) return;
    const uploads = accepted.map((file): UploadPlaceholder => ({
      kind: 'upload',
      key: `upload-${++uploadCount}`,
      filename: file.name,
      progress: 0,
    }));
    const update = (apply: (state: S) => S) => latest.current.change(apply);
    update((state) => current.place(state, uploads, target));
    accepted.forEach((file, index) => {
      const key = (uploads[index] as UploadPlaceholder).key;
      let shown = 0;
      const onProgress = (fraction: number) => {
        const rounded = Math.round(fraction * 100) / 100;
        if (rounded === shown) return;
        shown = rounded;
        update((state) => latest.current.rules.progress(state, key, rounded));
      };
      void current.send(file, onProgress).then((outcome) => {
        if (outcome.kind === 'done') {
          update((state) => outcome.settle(state, key));
        } else {
          update((state) => latest.current.rules.failed(state, key));
          latest.current.toast.error(outcome.message);
        }
      });
    });
  }, []);
}
