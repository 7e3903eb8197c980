import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import type { RowMarker } from '../rowMarkers';

/**
 * A badge beside a row's name. Its text is drawn by CSS (from data-text) and its words for
 * assistive technology sit in a hidden element the row's aria-describedby points at: the
 * row's name stays the page's name, so badges add nothing a label-in-name check would miss.
 */
function Badge({
  id,
  className,
  text,
  description,
  title,
  dateTime,
  icon,
}: {
  id: string;
  className: string;
  text: string;
  description: string;
  title?: string;
  dateTime?: string;
  icon?: ReactNode;
}) {
  return (
    <span className={className} title={title}>
      {icon}
      <span className="tree-row__badge-text" data-text={text} aria-hidden="true" />
      {dateTime ? (
        <time id={id} className="visually-hidden" dateTime={dateTime}>
          {description}
        </time>
      ) : (
        <span id={id} className="visually-hidden">
          {description}
        </span>
      )}
    </span>
  );
}

/** The code of the locale a name is shown in, when the page has none in this one. */
export function LocaleBadge({ elementId, locale }: { elementId: string; locale: string }) {
  return (
    <Badge
      id={`${elementId}-locale`}
      className="tree-row__locale"
      text={locale}
      description={t('tree.nameIn', { locale })}
      title={t('tree.noNameHere', { locale })}
    />
  );
}

/** Scheduled, pinned and the date of a news item. */
export function MarkerBadges({ elementId, markers }: { elementId: string; markers: RowMarker[] }) {
  return markers.map((marker) => (
    <Badge
      key={marker.kind}
      id={`${elementId}-${marker.kind}`}
      className={
        marker.kind === 'date'
          ? 'tree-row__date'
          : `tree-row__marker tree-row__marker--${marker.kind}`
      }
      text={marker.text}
      description={marker.label}
      title={marker.kind === 'date' ? undefined : marker.label}
      dateTime={marker.dateTime}
      icon={MARKER_ICONS[marker.kind]?.()}
    />
  ));
}

/** Drawn icons of the marks that have one (a change's marks read apart from the date's). */
const MARKER_ICONS: Partial<Record<RowMarker['kind'], () => ReactNode>> = {
  pinned: () => <PinIcon />,
  'change-waiting': () => <ClockIcon />,
  'change-failed': () => <AlertIcon />,
  outdated: () => <AlertIcon />,
  missing: () => <MissingIcon />,
};

/** A dashed circle: no translation yet. */
function MissingIcon() {
  return (
    <svg className="tree-row__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle
        cx="8"
        cy="8"
        r="6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeDasharray="2.5 2"
      />
    </svg>
  );
}

/** A clock: a change waiting for its time. */
function ClockIcon() {
  return (
    <svg className="tree-row__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** A warning sign: a change that could not go live. */
function AlertIcon() {
  return (
    <svg className="tree-row__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7.13 1.5a1 1 0 0 1 1.74 0l6.5 11.5A1 1 0 0 1 14.5 14.5h-13a1 1 0 0 1-.87-1.5zM7.25 6v4h1.5V6zm0 5.25v1.5h1.5v-1.5z"
      />
    </svg>
  );
}

/** A pushpin (drawn, not an emoji: not every system has a font with one). */
function PinIcon() {
  return (
    <svg className="tree-row__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9.8 1.2a.75.75 0 0 1 1.06 0l3.94 3.94a.75.75 0 0 1 0 1.06l-1.1 1.1a.75.75 0 0 1-.7.2l-1.6 1.6.2 2.6a.75.75 0 0 1-.22.58l-.9.9a.75.75 0 0 1-1.06 0L6.9 10.66 3.28 14.28a.75.75 0 1 1-1.06-1.06L5.84 9.6 3.32 7.08a.75.75 0 0 1 0-1.06l.9-.9a.75.75 0 0 1 .58-.22l2.6.2 1.6-1.6a.75.75 0 0 1 .2-.7z"
      />
    </svg>
  );
}
