import { useEffect, useId, useRef } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { t } from '../../i18n';
import './modal.css';

interface ModalProps {
  /** The heading, which also names the dialog. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for sizing, e.g. 'modal--wide'. */
  className?: string;
}

/**
 * A modal on the native <dialog> (spec §2): open while mounted, closed by Escape or a click on
 * the backdrop; focus is trapped and given back by the browser.
 */
export function Modal({ title, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // One id a dialog: a dialog opened over another (a confirmation over a panel) names itself.
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // Escape fires `cancel`, then `close`; either way the owner unmounts us.
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  // A click whose target is the dialog itself landed on its padding or on the backdrop; only
  // outside the dialog's box is the backdrop (a drag that ends there started inside: ignored).
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) event.currentTarget.close();
  };

  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onClick={onClick}
    >
      <div className="modal__head">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button
          type="button"
          className="modal__close"
          aria-label={t('modal.close')}
          onClick={() => ref.current?.close()}
        >
          ×
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
