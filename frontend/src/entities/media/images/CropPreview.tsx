import { useEffect, useMemo, useState } from 'react';
import { t } from '../../../i18n';
import { previewType } from './crop';
import type { PixelCropFields } from './crop';
import { THUMBNAIL_WIDTH } from './image';

interface CropPreviewProps {
  src: string;
  /** The crop in pixels of the original (null fields: the whole image). */
  crop: PixelCropFields;
  size: { real_width: number; real_height: number };
}

/**
 * Draw the crop of a loaded picture, `width` pixels wide, and export it: PNG when any pixel is
 * transparent, else JPEG (spec §9). Returns null where there is no canvas.
 */
export function exportCrop(
  picture: HTMLImageElement,
  crop: PixelCropFields,
  size: CropPreviewProps['size'],
  width: number,
): { url: string; type: string } | null {
  const scale = picture.naturalWidth / size.real_width || 1;
  const sx = (crop.crop_start_x ?? 0) * scale;
  const sy = (crop.crop_start_y ?? 0) * scale;
  const sw = (crop.crop_width ?? size.real_width) * scale;
  const sh = (crop.crop_height ?? size.real_height) * scale;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = Math.max(1, Math.round((width * sh) / sw));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(picture, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  const type = previewType(context.getImageData(0, 0, canvas.width, canvas.height).data);
  return { url: canvas.toDataURL(type, 0.85), type };
}

/** The cropped image as it will show, 250 px wide. */
export function CropPreview({ src, crop, size }: CropPreviewProps) {
  const [picture, setPicture] = useState<HTMLImageElement | null>(null);

  useEffect(() => {
    const image = new Image();
    image.onload = () => setPicture(image);
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src]);

  const { crop_start_x: x, crop_start_y: y, crop_width: w, crop_height: h } = crop;
  const { real_width: width, real_height: height } = size;
  const preview = useMemo(() => {
    if (!picture) return null;
    const pixels = {
      crop_start_x: x,
      crop_start_y: y,
      crop_width: w,
      crop_height: h,
      crop_gravity_x: null,
      crop_gravity_y: null,
    };
    try {
      return exportCrop(
        picture,
        pixels,
        { real_width: width, real_height: height },
        THUMBNAIL_WIDTH,
      );
    } catch {
      return null; // a picture the canvas may not read
    }
  }, [picture, x, y, w, h, width, height]);

  if (!preview) return null;
  return (
    <figure className="crop-preview">
      <img src={preview.url} width={THUMBNAIL_WIDTH} alt={t('images.preview.alt')} />
      <figcaption>
        {preview.type === 'image/png' ? t('images.preview.png') : t('images.preview.jpeg')}
      </figcaption>
    </figure>
  );
}
