import type { ReactNode } from 'react';
import './banner.css';

interface BannerProps {
  /** Its colours: a warning, an error, or (none) those of `className`. */
  tone?: 'warning' | 'error';
  /** 'alert' and 'status' announce it; a section (`as`) is a region named by its label. */
  role?: 'alert' | 'status' | 'region';
  as?: 'div' | 'section';
  /** Another look (a feature's own banner colours). */
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** The text: a <strong> title, then its lines. */
  children: ReactNode;
  /** Buttons beside the text. */
  actions?: ReactNode;
  /** A sign before the text (drawn, or a character), hidden from screen readers. */
  icon?: ReactNode;
  /** What opens on a line of its own under the text and buttons. */
  details?: ReactNode;
}

/** The editor's one banner above the form: a title and its text, with buttons beside them. */
export function Banner({
  tone,
  role,
  as: Tag = 'div',
  className,
  children,
  actions,
  icon,
  details,
  ...label
}: BannerProps) {
  const classes = ['editor-banner', tone && `editor-banner--${tone}`, className]
    .filter(Boolean)
    .join(' ');
  const text = <div className="editor-banner__text">{children}</div>;
  return (
    <Tag className={classes} role={role} {...label}>
      {icon ? (
        <div className="editor-banner__head">
          <span className="editor-banner__icon" aria-hidden="true">
            {icon}
          </span>
          {text}
        </div>
      ) : (
        text
      )}
      {actions && <div className="editor-banner__actions">{actions}</div>}
      {details}
    </Tag>
  );
}
