import { useId, useState } from 'react';
import { Banner } from '../../../ui/banner/Banner';
import type { ScheduledChangeOut } from '../../../api/types';
import { t } from '../../../i18n';
import { formatWhen } from '../../../lib/when';
import { errorLines } from '../schedule';
import type { ChangeRow } from '../types';
import { ChangesView } from './ChangesView';
import '../scheduling.css';

interface ScheduledBannerProps {
  change: ScheduledChangeOut;
  /** The fields it changes, in words; null until its values are read (onOpen asks for them). */
  rows: readonly ChangeRow[] | null;
  /** The user opens what it changes: read its values if not yet read. */
  onOpen?: () => void;
  /** The name of its locale when the editor shows another one. */
  otherLocale: string | null;
  labelOf: (attribute: string) => string;
  /** The user may not change the page: no cancel. */
  readOnly?: boolean;
  busy?: boolean;
  /** Cancel a waiting change, or dismiss a failed one. */
  onCancel: () => void;
  /** A change that went live while the page was open: show the page as it is now. */
  onReload: () => void;
  confirm?: (message: string) => boolean;
}

const askBrowser = (message: string) => window.confirm(message);

/** Isolate a name, so a right-to-left one keeps its place in a sentence. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * A scheduled change of the page: when it goes live and by whom, what it changes (alone or
 * beside the page now), and cancel; or that it could not go live and why; or that it did.
 */
export function ScheduledBanner({
  change,
  rows,
  onOpen,
  otherLocale,
  labelOf,
  readOnly = false,
  busy,
  onCancel,
  onReload,
  confirm = askBrowser,
}: ScheduledBannerProps) {
  const [open, setOpen] = useState<'view' | 'compare' | null>(null);
  const detailsId = useId();
  const time = formatWhen(change.at);
  const words = {
    name: isolated(change.user?.name || change.user?.username || t('schedule.someone')),
    time,
    locale: otherLocale ? isolated(otherLocale) : '',
  };

  if (change.state === 'applied') {
    return (
      <Banner
        as="section"
        className="scheduled-banner scheduled-banner--applied"
        role="status"
        actions={
          <button type="button" className="button button--primary" onClick={onReload}>
            {t('schedule.reload')}
          </button>
        }
      >
        <strong>{t('schedule.appliedTitle', words)}</strong>
        <span>{t('schedule.appliedHelp')}</span>
      </Banner>
    );
  }

  const failed = change.state === 'failed';
  const title = failed
    ? t(otherLocale ? 'schedule.failedTitleIn' : 'schedule.failedTitle', words)
    : t(otherLocale ? 'schedule.waitingIn' : 'schedule.waiting', words);
  const toggle = (mode: 'view' | 'compare') => {
    if (open !== mode) onOpen?.();
    setOpen(open === mode ? null : mode);
  };
  const cancel = () => {
    if (failed || confirm(t('schedule.cancelConfirm', { time }))) onCancel();
  };
  const reasons = failed ? errorLines(change.errors, labelOf) : [];

  return (
    <Banner
      as="section"
      tone={failed ? 'error' : undefined}
      className={failed ? 'scheduled-banner' : 'scheduled-banner scheduled-banner--waiting'}
      aria-label={title}
      icon={failed ? '!' : <ClockIcon />}
      actions={
        <>
          <button
            type="button"
            className="button"
            aria-expanded={open === 'view'}
            aria-controls={open === 'view' ? detailsId : undefined}
            onClick={() => toggle('view')}
          >
            {open === 'view' ? t('schedule.hideView') : t('schedule.view')}
          </button>
          <button
            type="button"
            className="button"
            aria-expanded={open === 'compare'}
            aria-controls={open === 'compare' ? detailsId : undefined}
            onClick={() => toggle('compare')}
          >
            {open === 'compare' ? t('schedule.hideCompare') : t('schedule.compare')}
          </button>
          {!readOnly && (
            <button type="button" className="button" onClick={cancel} disabled={busy}>
              {failed ? t('schedule.dismiss') : t('schedule.cancel')}
            </button>
          )}
        </>
      }
      details={
        open &&
        (rows ? (
          <ChangesView
            id={detailsId}
            caption={t('schedule.changesOf', { time })}
            rows={rows}
            mode={open}
          />
        ) : (
          <p id={detailsId} className="scheduled-changes__none" role="status">
            {t('schedule.loading')}
          </p>
        ))
      }
    >
      <strong>{title}</strong>
      {failed && (
        <>
          {change.reason && <span>{change.reason}</span>}
          {reasons.length > 0 && (
            <ul className="editor-banner__list">
              {reasons.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <span>{t('schedule.failedHelp')}</span>
        </>
      )}
    </Banner>
  );
}

/** A clock (drawn, not an emoji: not every system has a font with one). */
export function ClockIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
