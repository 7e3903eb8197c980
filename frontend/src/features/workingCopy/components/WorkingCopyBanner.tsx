import { t } from '../../../i18n';
import { Banner } from '../../../ui/banner/Banner';
import { formatWhen } from '../../../lib/when';
import type { WorkingCopy } from '../types';
import '../workingCopy.css';

interface WorkingCopyBannerProps {
  copy: WorkingCopy;
  busy?: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}

/** The offer of a working copy kept from before: restore it into the form, or discard it. */
export function WorkingCopyBanner({ copy, busy, onRestore, onDiscard }: WorkingCopyBannerProps) {
  return (
    <Banner
      as="section"
      className="working-copy-banner"
      aria-labelledby="working-copy-offer"
      role="region"
      actions={
        <>
          <button type="button" className="button" onClick={onDiscard} disabled={busy}>
            {t('workingCopy.discard')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onRestore}
            disabled={busy}
          >
            {t('workingCopy.restore')}
          </button>
        </>
      }
    >
      <strong id="working-copy-offer">
        {t('workingCopy.offer', { time: formatWhen(copy.savedAt) })}
      </strong>
      <span>{t('workingCopy.offerHelp')}</span>
    </Banner>
  );
}
