import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent } from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';
import { t } from '../../../i18n';
import { FileDrop } from '../common/FileDrop';
import type { ContentLang } from '../../../ui/contentLocale';
import { attachmentLabel, fileKind, humanSize } from './attachment';
import type { AttachmentListState, ListItem, RemovedFile } from './list';
import './attachments.css';

interface AttachmentListProps {
  state: AttachmentListState;
  /** The content locale: whose names show. */
  locale: string;
  /** The `lang` and `dir` of names in the content locale. */
  contentLang: ContentLang;
  onFiles: (files: File[]) => void;
  onEdit: (key: string) => void;
  onRemove: (key: string) => void;
  onRestore: (key: string) => void;
  onMove: (activeKey: string, overKey: string) => void;
  /** Shown above the list: an error of the server's about the page's files. */
  error?: string;
  /** Extra buttons beside 'Add files'. */
  actions?: ReactNode;
}

/**
 * The attachments list (spec §2 "Attachments list"): the page's files in order, sorted by drag or
 * by keyboard (Space to lift, arrows to move, Space to drop), uploads dropped anywhere on it or
 * picked, and the files removed since the last save with a way back.
 */
export function AttachmentList({
  state,
  locale,
  contentLang,
  onFiles,
  onEdit,
  onRemove,
  onRestore,
  onMove,
  error,
  actions,
}: AttachmentListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = state.items.map((item) => item.key);
  const labelOf = (key: string | number) => {
    const item = state.items.find((candidate) => candidate.key === key);
    if (!item) return String(key);
    return item.kind === 'upload' ? item.filename : attachmentLabel(item.attachment, locale);
  };
  const where = (key: string | number | undefined) => ({
    position: keys.indexOf(String(key)) + 1,
    count: keys.length,
  });
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('files.drag.start', { name: labelOf(active.id), ...where(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('files.drag.over', { name: labelOf(active.id), ...where(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      t('files.drag.end', { name: labelOf(active.id), ...where(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t('files.drag.cancel', { name: labelOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) onMove(String(active.id), String(over.id));
  };
  return (
    <FileDrop
      onFiles={onFiles}
      pickLabel={t('files.add')}
      hint={t('files.dropHint')}
      actions={actions}
    >
      {error && (
        <p className="attachment-list__error" role="alert">
          {error}
        </p>
      )}
      {state.items.length === 0 ? (
        <p className="attachment-list__empty">{t('files.empty')}</p>
      ) : (
        <>
          <p className="attachment-list__help">{t('files.help')}</p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('files.drag.instructions') },
            }}
          >
            <SortableContext items={keys} strategy={verticalListSortingStrategy}>
              <ol className="attachment-list">
                {state.items.map((item) => (
                  <SortableRow
                    key={item.key}
                    item={item}
                    locale={locale}
                    contentLang={contentLang}
                    onEdit={onEdit}
                    onRemove={onRemove}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
      {state.destroyed.length > 0 && (
        <Removed
          items={state.destroyed}
          locale={locale}
          contentLang={contentLang}
          onRestore={onRestore}
        />
      )}
    </FileDrop>
  );
}

interface RowProps {
  item: ListItem;
  locale: string;
  contentLang: ContentLang;
  onEdit: (key: string) => void;
  onRemove: (key: string) => void;
  nodeRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  handle?: HTMLAttributes<HTMLButtonElement>;
  dragging?: boolean;
}

function SortableRow(props: Omit<RowProps, 'nodeRef' | 'style' | 'handle' | 'dragging'>) {
  const sortable = useSortable({ id: props.item.key });
  const { transform, transition, isDragging } = sortable;
  const style = {
    transform: transform ? `translate3d(0, ${transform.y}px, 0)` : undefined,
    transition,
  };
  return (
    <AttachmentRow
      {...props}
      nodeRef={sortable.setNodeRef}
      style={style}
      dragging={isDragging}
      handle={{ ...sortable.attributes, ...sortable.listeners }}
    />
  );
}

/** One file of the list, or an upload on its way. */
export function AttachmentRow({
  item,
  locale,
  contentLang,
  onEdit,
  onRemove,
  nodeRef,
  style,
  handle,
  dragging,
}: RowProps) {
  const classes = ['attachment-row', dragging && 'attachment-row--dragging'];
  if (item.kind === 'upload') {
    return (
      <li
        ref={nodeRef}
        style={style}
        className={[...classes, 'attachment-row--upload'].filter(Boolean).join(' ')}
      >
        <span
          className="drag-handle attachment-row__handle attachment-row__handle--idle"
          aria-hidden="true"
        />
        <div className="attachment-row__main">
          <p className="attachment-row__name">{item.filename}</p>
          <div className="attachment-row__upload">
            <span>{t('files.uploading')}</span>
            <progress
              className="attachment-row__progress"
              max={1}
              value={item.progress}
              aria-label={t('files.uploadingNamed', { name: item.filename })}
            />
          </div>
        </div>
        <div className="attachment-row__actions">
          <button
            type="button"
            className="button button--link button--danger"
            aria-label={t('files.removeNamed', { name: item.filename })}
            onClick={() => onRemove(item.key)}
          >
            {t('files.remove')}
          </button>
        </div>
      </li>
    );
  }
  const { attachment } = item;
  const label = attachmentLabel(attachment, locale);
  const named = Boolean(attachment.name[locale]?.trim());
  return (
    <li ref={nodeRef} style={style} className={classes.filter(Boolean).join(' ')}>
      {handle && (
        <button
          type="button"
          className="drag-handle attachment-row__handle"
          aria-label={t('files.move', { name: label })}
          {...handle}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      )}
      <div className="attachment-row__main">
        <p className="attachment-row__name" {...(named ? contentLang : {})}>
          {label}
        </p>
        <p className="media-facts">
          <span className="attachment-row__filename" title={attachment.filename}>
            {attachment.filename}
          </span>
          <span>{fileKind(attachment)}</span>
          <span>{humanSize(attachment.byte_size)}</span>
        </p>
      </div>
      <div className="attachment-row__actions">
        <button
          type="button"
          className="button"
          aria-label={t('files.editNamed', { name: label })}
          onClick={() => onEdit(item.key)}
        >
          {t('files.edit')}
        </button>
        <button
          type="button"
          className="button button--link button--danger"
          aria-label={t('files.removeNamed', { name: label })}
          onClick={() => onRemove(item.key)}
        >
          {t('files.remove')}
        </button>
      </div>
    </li>
  );
}

function Removed({
  items,
  locale,
  contentLang,
  onRestore,
}: {
  items: RemovedFile[];
  locale: string;
  contentLang: ContentLang;
  onRestore: (key: string) => void;
}) {
  return (
    <section className="attachment-removed" aria-labelledby="attachments-removed">
      <h4 id="attachments-removed" className="attachment-removed__heading">
        {t('files.removedHeading', { count: items.length })}
      </h4>
      <ul className="attachment-removed__list">
        {items.map((item) => {
          const label = attachmentLabel(item.attachment, locale);
          const named = Boolean(item.attachment.name[locale]?.trim());
          return (
            <li key={item.key} className="attachment-removed__item">
              <s {...(named ? contentLang : {})}>{label}</s>
              <button
                type="button"
                className="button button--link"
                aria-label={t('files.restoreNamed', { name: label })}
                onClick={() => onRestore(item.key)}
              >
                {t('files.restore')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
