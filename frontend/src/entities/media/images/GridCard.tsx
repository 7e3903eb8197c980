import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { t } from '../../../i18n';
import { displayHeight } from './crop';
import type { GridItem } from './grid';
import { THUMBNAIL_WIDTH, altMissing, imageLabel } from './image';
import '../common/media.css';
import './imageCard.css';

export interface CardActions {
  onEdit: (key: string) => void;
  onRemove: (key: string) => void;
  /** Absent for the primary image. */
  onMakePrimary?: (key: string) => void;
}

interface GridCardProps extends CardActions {
  item: GridItem;
  locale: string;
  primary: boolean;
  /** The sortable wrapper's node, position and drag handle. */
  nodeRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  handle?: HTMLAttributes<HTMLButtonElement>;
  dragging?: boolean;
}

/** Height of an upload's placeholder: a common 3:2 photo. */
const PLACEHOLDER_HEIGHT = Math.round((THUMBNAIL_WIDTH * 2) / 3);

/** One image of the grid (250 px wide, as tall as its crop says), or an upload on its way. */
export function GridCard({
  item,
  locale,
  primary,
  nodeRef,
  style,
  handle,
  dragging,
  ...actions
}: GridCardProps) {
  const classes = [
    'image-card',
    primary && 'image-card--primary',
    dragging && 'image-card--dragging',
  ];
  if (item.kind === 'upload') {
    return (
      <li
        ref={nodeRef}
        style={style}
        className={[...classes, 'image-card--upload'].filter(Boolean).join(' ')}
      >
        <div className="image-card__placeholder" style={{ blockSize: PLACEHOLDER_HEIGHT }}>
          <span>{t('images.uploading')}</span>
          <progress
            className="image-card__progress"
            max={1}
            value={item.progress}
            aria-label={t('images.uploadingNamed', { name: item.filename })}
          />
        </div>
        <p className="image-card__name">{item.filename}</p>
      </li>
    );
  }
  const { image } = item;
  const label = imageLabel(image, locale);
  const missing = altMissing(image, locale);
  return (
    <li ref={nodeRef} style={style} className={classes.filter(Boolean).join(' ')}>
      <div className="image-card__frame">
        <button
          type="button"
          className="image-card__thumb"
          onClick={() => actions.onEdit(item.key)}
          aria-label={t('images.card.edit', { name: label })}
        >
          <img
            src={image.thumbnail_url}
            width={THUMBNAIL_WIDTH}
            height={displayHeight(image, THUMBNAIL_WIDTH)}
            alt=""
            draggable={false}
          />
        </button>
        {missing && <AltMissingMark />}
        {primary && <span className="image-card__badge">{t('images.grid.main')}</span>}
      </div>
      <div className="image-card__bar">
        {handle && (
          <button
            type="button"
            className="drag-handle image-card__handle"
            aria-label={t('images.card.move', { name: label })}
            {...handle}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        )}
        <p className="image-card__name" title={image.filename}>
          {image.filename}
        </p>
      </div>
      <div className="image-card__actions">
        {actions.onMakePrimary && (
          <button
            type="button"
            className="button button--link"
            onClick={() => actions.onMakePrimary?.(item.key)}
          >
            {t('images.card.makePrimary')}
          </button>
        )}
        <button
          type="button"
          className="button button--link button--danger"
          onClick={() => actions.onRemove(item.key)}
        >
          {t('images.card.remove')}
        </button>
      </div>
    </li>
  );
}

/** The mark on a thumbnail whose alternative text is missing in the content locale. */
export function AltMissingMark() {
  return (
    <span
      className="image-card__warning"
      role="img"
      aria-label={t('images.altMissing')}
      title={t('images.altMissing')}
    >
      !
    </span>
  );
}
