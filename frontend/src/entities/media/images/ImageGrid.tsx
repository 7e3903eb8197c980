import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import {
  SortableContext,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { t } from '../../../i18n';
import { ACCEPTED_IMAGE_TYPES } from '../imageUploader/imageTypes';
import { FileDrop } from '../common/FileDrop';
import { GridCard } from './GridCard';
import type { CardActions } from './GridCard';
import type { GridItem, ImageGridState } from './grid';
import type { UploadTarget } from './useImageUploads';
import './imageGrid.css';

interface ImageGridProps {
  state: ImageGridState;
  /** The content locale: whose alternative text must be there. */
  locale: string;
  onFiles: (files: File[], target: UploadTarget) => void;
  onEdit: (key: string) => void;
  onRemove: (key: string) => void;
  onMakePrimary: (key: string) => void;
  onMove: (activeKey: string, overKey: string) => void;
}

const PRIMARY_DROP_ID = 'primary-slot';
const ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/**
 * The page's images (spec §2 "Images tab"): the main image, and the others, which sort by drag
 * and by keyboard (Space to lift, arrows to move, Space to drop) and can be dropped on the main
 * image's place to become primary. Files dropped on either area upload there.
 */
export function ImageGrid({
  state,
  locale,
  onFiles,
  onEdit,
  onRemove,
  onMakePrimary,
  onMove,
}: ImageGridProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    if (over.id === PRIMARY_DROP_ID) onMakePrimary(String(active.id));
    else onMove(String(active.id), String(over.id));
  };
  const actions: CardActions = { onEdit, onRemove };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <div className="image-grid">
        <section
          className="image-grid__section image-grid__section--primary"
          aria-labelledby="images-primary"
        >
          <h3 id="images-primary" className="image-grid__heading">
            {t('images.grid.main')}
          </h3>
          <PrimarySlot item={state.primary} locale={locale} actions={actions} onFiles={onFiles} />
        </section>
        <section className="image-grid__section" aria-labelledby="images-others">
          <h3 id="images-others" className="image-grid__heading">
            {t('images.grid.others')}{' '}
            <span className="image-grid__count">({state.others.length})</span>
          </h3>
          <FileDrop
            onFiles={(files) => onFiles(files, 'others')}
            pickLabel={t('images.grid.add')}
            hint={t('images.drop.many')}
            accept={ACCEPT}
            className="image-grid__others"
          >
            {state.others.length === 0 ? (
              <p className="image-grid__empty">{t('images.grid.none')}</p>
            ) : (
              <SortableContext
                items={state.others.map((item) => item.key)}
                strategy={rectSortingStrategy}
              >
                <ul className="image-grid__list">
                  {state.others.map((item) => (
                    <SortableCard
                      key={item.key}
                      item={item}
                      locale={locale}
                      {...actions}
                      onMakePrimary={item.kind === 'image' ? onMakePrimary : undefined}
                    />
                  ))}
                </ul>
              </SortableContext>
            )}
          </FileDrop>
        </section>
      </div>
    </DndContext>
  );
}

function PrimarySlot({
  item,
  locale,
  actions,
  onFiles,
}: {
  item: GridItem | null;
  locale: string;
  actions: CardActions;
  onFiles: ImageGridProps['onFiles'];
}) {
  const { setNodeRef, isOver } = useDroppable({ id: PRIMARY_DROP_ID });
  return (
    <div
      ref={setNodeRef}
      className={`image-grid__primary${isOver ? ' image-grid__primary--over' : ''}`}
    >
      <FileDrop
        onFiles={(files) => onFiles(files, 'primary')}
        pickLabel={item ? t('images.grid.uploadNewMain') : t('images.grid.uploadMain')}
        hint={t('images.drop.many')}
        accept={ACCEPT}
      >
        {item ? (
          <ul className="image-grid__list">
            <GridCard item={item} locale={locale} primary {...actions} />
          </ul>
        ) : (
          <p className="image-grid__empty">{t('images.grid.dropHint')}</p>
        )}
      </FileDrop>
    </div>
  );
}

function SortableCard(props: Omit<Parameters<typeof GridCard>[0], 'primary'>) {
  const { item } = props;
  const sortable = useSortable({ id: item.key, disabled: item.kind === 'upload' });
  const { transform, transition, isDragging } = sortable;
  const style = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
  };
  return (
    <GridCard
      {...props}
      primary={false}
      nodeRef={sortable.setNodeRef}
      style={style}
      dragging={isDragging}
      handle={item.kind === 'image' ? { ...sortable.attributes, ...sortable.listeners } : undefined}
    />
  );
}
