import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import ReactCrop from 'react-image-crop';
import type { PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { t } from '../../../i18n';
import {
  ASPECT_PRESETS,
  CROP_MIN_PERCENT,
  FULL_CROP,
  changeAspect,
  completeCrop,
  isNudgeKey,
  moveFocal,
  nudgeCrop,
  toggleFocal,
} from './crop';
import type { CropState, ImageSize, NudgeTarget, PercentRect } from './crop';
import './cropper.css';

interface CropperProps {
  /** The picture to crop (the uncropped rendition) and the original's size. */
  src: string;
  size: ImageSize;
  state: CropState;
  onChange: (state: CropState) => void;
}

const ORDS = new Set(['n', 'e', 's', 'w', 'ne', 'nw', 'se', 'sw']);

/** Presses here drag (a crop edge or corner, the focal point), never set the focal point. */
const NOT_A_CLICK = '[data-ord], .cropper__focal';
/** How far a press may move and still be a click, in CSS pixels. */
const CLICK_SLOP_PX = 4;

function nudgeTarget(element: EventTarget): NudgeTarget | null {
  if (!(element instanceof HTMLElement)) return null;
  if (element.classList.contains('ReactCrop__crop-selection')) return 'move';
  const ord = element.dataset.ord;
  return ord && ORDS.has(ord) ? (ord as NudgeTarget) : null;
}

const percent = ({ x, y, width, height }: PercentRect): PercentCrop => ({
  unit: '%',
  x,
  y,
  width,
  height,
});

/** The image cropper (spec §2, §4, §5): aspect presets, the focal point, keyboard nudges. */
export function Cropper({ src, size, state, onChange }: CropperProps) {
  const [live, setLive] = useState<PercentCrop | null>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const imageRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const image = imageRef.current;
    if (!image || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setBox({ width: image.clientWidth, height: image.clientHeight }),
    );
    observer.observe(image);
    return () => observer.disconnect();
  }, []);

  // 0.2% steps in percent of the image, not react-image-crop's pixel steps (spec §9).
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = nudgeTarget(event.target);
    if (!target || !isNudgeKey(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    const factor = event.shiftKey ? 10 : 1;
    const crop = nudgeCrop(state.crop, event.key, target, { aspect: state.aspect, size, factor });
    onChange(completeCrop(state, crop));
  };

  // A click on the picture (a press that did not move) puts the focal point there; a press
  // on a handle, or one that dragged the crop, does not.
  const press = useRef<{ x: number; y: number } | null>(null);
  const onPressStart = (event: PointerEvent<HTMLDivElement>) => {
    const onHandle = event.target instanceof Element && event.target.closest(NOT_A_CLICK);
    press.current = onHandle ? null : { x: event.clientX, y: event.clientY };
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const start = press.current;
    press.current = null;
    if (!start) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_SLOP_PX) return;
    const frame = event.currentTarget.getBoundingClientRect();
    if (frame.width === 0 || frame.height === 0) return;
    // The frame is the picture: its left edge is 0% in either direction of writing.
    const x = ((event.clientX - frame.left) / frame.width) * 100;
    const y = ((event.clientY - frame.top) / frame.height) * 100;
    onChange(moveFocal(state, { x, y }));
  };

  const aspectLabel =
    ASPECT_PRESETS.find((preset) => preset.value === state.aspect)?.label ?? 'Free';
  return (
    <div className="cropper">
      <div className="cropper__toolbar" role="toolbar" aria-label={t('images.crop.toolbar')}>
        <div className="cropper__aspects" role="group" aria-label={t('images.crop.aspect')}>
          {ASPECT_PRESETS.map((preset) => (
            <button
              key={preset.label}
              type="button"
              className="cropper__tool"
              aria-pressed={preset.label === aspectLabel}
              onClick={() => onChange(changeAspect(state, preset.value, size))}
            >
              {preset.value === null ? t('images.crop.free') : preset.label}
            </button>
          ))}
        </div>
        <div className="cropper__actions">
          <button
            type="button"
            className="cropper__tool"
            aria-pressed={state.focal !== null}
            onClick={() => onChange(toggleFocal(state))}
          >
            {t('images.crop.focal')}
          </button>
          <button
            type="button"
            className="cropper__tool"
            onClick={() => onChange({ ...state, aspect: null, crop: { ...FULL_CROP } })}
          >
            {t('images.crop.reset')}
          </button>
        </div>
      </div>
      {/* Pictures are not mirrored in right-to-left text: the crop keeps physical sides. */}
      <div className="cropper__stage" dir="ltr" onKeyDownCapture={onKeyDownCapture}>
        <div
          className="cropper__frame"
          onPointerDownCapture={onPressStart}
          onClickCapture={onClick}
        >
          <ReactCrop
            crop={live ?? percent(state.crop)}
            aspect={state.aspect ?? undefined}
            keepSelection
            ruleOfThirds
            minWidth={(box.width * CROP_MIN_PERCENT) / 100}
            minHeight={(box.height * CROP_MIN_PERCENT) / 100}
            onChange={(_pixels, next) => setLive(next)}
            onComplete={(_pixels, next) => {
              setLive(null);
              onChange(completeCrop(state, next));
            }}
          >
            <img
              ref={imageRef}
              src={src}
              alt={t('images.crop.whole')}
              onLoad={(event) =>
                setBox({
                  width: event.currentTarget.clientWidth,
                  height: event.currentTarget.clientHeight,
                })
              }
            />
          </ReactCrop>
          {state.focal && <FocalHandle state={state} onChange={onChange} />}
        </div>
      </div>
      <p className="cropper__hint">{t('images.crop.hint')}</p>
    </div>
  );
}

/** The focal point: dragged with the pointer or moved with the arrow keys, inside the crop. */
function FocalHandle({
  state,
  onChange,
}: {
  state: CropState;
  onChange: (state: CropState) => void;
}) {
  const focal = state.focal;
  if (!focal) return null;
  const moveTo = (event: PointerEvent<HTMLButtonElement>) => {
    const frame = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!frame || frame.width === 0 || frame.height === 0) return;
    // The frame is the image: its left edge is 0% in either direction of writing.
    const x = ((event.clientX - frame.left) / frame.width) * 100;
    const y = ((event.clientY - frame.top) / frame.height) * 100;
    onChange(moveFocal(state, { x, y }));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!isNudgeKey(event.key)) return;
    event.preventDefault();
    const step = event.shiftKey ? 2 : 0.2;
    const dx = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
    const dy = event.key === 'ArrowUp' ? -step : event.key === 'ArrowDown' ? step : 0;
    onChange(moveFocal(state, { x: focal.x + dx, y: focal.y + dy }));
  };
  return (
    <button
      type="button"
      className="cropper__focal"
      style={{ left: `${focal.x}%`, top: `${focal.y}%` }}
      aria-label={t('images.crop.focalAt', { x: Math.round(focal.x), y: Math.round(focal.y) })}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        event.stopPropagation();
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event);
      }}
      onKeyDown={onKeyDown}
    />
  );
}
