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
}

/** The editor's one banner above the form: a title and its text, with buttons beside them. */
export function Banner({
  tone,
  role,
  as: Tag = 'div',
  className,
  children,
  actions,
  ...label
}: BannerProps) {
  const classes = ['editor-banner', tone && `editor-banner--${tone}`, className]
    .filter(Boolean)
    .join(' ');
  return (
    <Tag className={classes} role={role} {...label}>
      <div className="editor-banner__text">{children}</div>
      {actions && <div className="editor-banner__actions">{actions}</div>}
    </Tag>
  );
}
