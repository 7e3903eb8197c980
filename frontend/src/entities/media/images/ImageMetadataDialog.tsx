import { useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../../api/types';
import { t } from '../../../i18n';
import { Modal } from '../../../ui/modal/Modal';
import { DialogButtons, DialogError, refusalText, textsFor } from '../common/EditorParts';
import { ImageEmbedHelper } from '../embeds/EmbedHelpers';
import { useToast } from '../../../ui/toast';
import type { ImageApi } from './api';
import { cropStateFromImage, cropStateToPixels } from './crop';
import type { CropState } from './crop';
import { CropPreview } from './CropPreview';
import { Cropper } from './Cropper';
import type { ImageRecord } from './image';
import './imageEditor.css';

/** The fields a refusal names, as the dialog labels them. */
const refusal = refusalText({
  alternative: 'images.dialog.alternative',
  caption: 'images.dialog.caption',
  crop_start_x: 'images.crop.toolbar',
  crop_start_y: 'images.crop.toolbar',
  crop_width: 'images.crop.toolbar',
  crop_height: 'images.crop.toolbar',
  crop_gravity_x: 'images.crop.focal',
  crop_gravity_y: 'images.crop.focal',
});

interface ImageMetadataDialogProps {
  image: ImageRecord;
  locales: readonly Locale[];
  api: ImageApi;
  onSaved: (image: ImageRecord) => void;
  onClose: () => void;
}

/**
 * The image metadata editor (spec §2, §5, §8): crop and focal point, alternative text and
 * caption for every locale, and the embed code. Saves with PUT /admin/images/{id}.
 */
export function ImageMetadataDialog({
  image,
  locales,
  api,
  onSaved,
  onClose,
}: ImageMetadataDialogProps) {
  const toast = useToast();
  const formId = useId();
  const [crop, setCrop] = useState<CropState>(() => cropStateFromImage(image));
  const [alternative, setAlternative] = useState(() => textsFor(locales, image.alternative));
  const [caption, setCaption] = useState(() => textsFor(locales, image.caption));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const size = useMemo(
    () => ({ real_width: image.real_width, real_height: image.real_height }),
    [image.real_width, image.real_height],
  );
  const pixels = cropStateToPixels(crop, size);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    const result = await api.update(image.id, { ...pixels, alternative, caption });
    setSaving(false);
    if (result.kind === 'saved') {
      onSaved(result.image);
      onClose();
      toast.notice(t('images.dialog.saved'));
    } else if (result.kind === 'invalid') {
      setError(result.errors.map(refusal).join(' '));
    } else {
      setError(t('images.dialog.saveFailed', { message: result.message }));
    }
  };

  return (
    <Modal
      title={t('images.dialog.title', { filename: image.filename })}
      onClose={onClose}
      className="modal--wide"
    >
      <form id={formId} className="image-editor" onSubmit={(event) => void save(event)}>
        <div className="image-editor__crop">
          <Cropper src={image.uncropped_url} size={size} state={crop} onChange={setCrop} />
        </div>
        <div className="image-editor__side">
          <CropPreview src={image.uncropped_url} crop={pixels} size={size} />
          <p className="image-editor__facts">
            {pixels.crop_width === null
              ? t('images.dialog.size', { width: image.real_width, height: image.real_height })
              : t('images.dialog.sizeCropped', {
                  width: image.real_width,
                  height: image.real_height,
                  cropWidth: pixels.crop_width,
                  cropHeight: pixels.crop_height ?? '',
                })}
          </p>
          {locales.map((locale) => {
            const missing = !alternative[locale.code]?.trim();
            const altId = `${formId}-alt-${locale.code}`;
            return (
              <fieldset key={locale.code} className="media-editor__locale">
                <legend>{locale.name}</legend>
                <div className="image-editor__label">
                  <label htmlFor={altId}>{t('images.dialog.alternative')}</label>
                  {missing && (
                    <span id={`${altId}-missing`} className="image-editor__warning">
                      {t('images.altMissing')}
                    </span>
                  )}
                </div>
                <input
                  id={altId}
                  aria-describedby={missing ? `${altId}-missing` : undefined}
                  className={`input media-editor__input${missing ? ' input--warning' : ''}`}
                  lang={locale.code}
                  dir={locale.dir}
                  value={alternative[locale.code] ?? ''}
                  onChange={(event) =>
                    setAlternative({ ...alternative, [locale.code]: event.target.value })
                  }
                />
                <div className="image-editor__label">
                  <label htmlFor={`${formId}-caption-${locale.code}`}>
                    {t('images.dialog.caption')}
                  </label>
                </div>
                <textarea
                  id={`${formId}-caption-${locale.code}`}
                  className="input media-editor__input"
                  rows={2}
                  lang={locale.code}
                  dir={locale.dir}
                  value={caption[locale.code] ?? ''}
                  onChange={(event) =>
                    setCaption({ ...caption, [locale.code]: event.target.value })
                  }
                />
              </fieldset>
            );
          })}
          <ImageEmbedHelper imageId={image.id} />
          {error && (
            <DialogError>
              <p>{error}</p>
            </DialogError>
          )}
          <DialogButtons kind="image" onClose={onClose} saving={saving} />
        </div>
      </form>
    </Modal>
  );
}
