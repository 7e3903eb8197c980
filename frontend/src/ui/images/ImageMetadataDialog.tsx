import { useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../api/types';
import { Modal } from '../modal/Modal';
import { useToast } from '../toast';
import type { ImageApi } from './api';
import { cropStateFromImage, cropStateToPixels } from './crop';
import type { CropState } from './crop';
import { CropPreview } from './CropPreview';
import { Cropper } from './Cropper';
import { ALT_MISSING_LABEL, EMBED_COPIED_MESSAGE, embedCode } from './image';
import type { ImageRecord } from './image';
import './imageEditor.css';

interface ImageMetadataDialogProps {
  image: ImageRecord;
  locales: readonly Locale[];
  api: ImageApi;
  onSaved: (image: ImageRecord) => void;
  onClose: () => void;
}

type Texts = Record<string, string>;

function textsFor(locales: readonly Locale[], values: Readonly<Texts>): Texts {
  return Object.fromEntries(locales.map((locale) => [locale.code, values[locale.code] ?? '']));
}

/** Put text on the clipboard; without the Clipboard API (an insecure origin), a hidden field. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  document.execCommand('copy');
  field.remove();
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
  const code = embedCode(image.id);

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
    } else if (result.kind === 'invalid') {
      setError(result.errors.map(([attribute, message]) => `${attribute}: ${message}`).join(' '));
    } else {
      setError(`The image could not be saved: ${result.message}`);
    }
  };

  const copy = () => {
    copyText(code).then(
      () => toast.notice(EMBED_COPIED_MESSAGE),
      () => toast.error('The embed code could not be copied.'),
    );
  };

  return (
    <Modal title={`Edit image: ${image.filename}`} onClose={onClose} className="modal--wide">
      <form id={formId} className="image-editor" onSubmit={(event) => void save(event)}>
        <div className="image-editor__crop">
          <Cropper src={image.uncropped_url} size={size} state={crop} onChange={setCrop} />
        </div>
        <div className="image-editor__side">
          <CropPreview src={image.uncropped_url} crop={pixels} size={size} />
          <p className="image-editor__facts">
            {image.real_width} × {image.real_height} pixels
            {pixels.crop_width !== null &&
              `, cropped to ${pixels.crop_width} × ${pixels.crop_height}`}
          </p>
          {locales.map((locale) => {
            const missing = !alternative[locale.code]?.trim();
            const altId = `${formId}-alt-${locale.code}`;
            return (
              <fieldset key={locale.code} className="image-editor__locale">
                <legend>{locale.name}</legend>
                <div className="image-editor__label">
                  <label htmlFor={altId}>Alternative text</label>
                  {missing && (
                    <span id={`${altId}-missing`} className="image-editor__warning">
                      {ALT_MISSING_LABEL}
                    </span>
                  )}
                </div>
                <input
                  id={altId}
                  aria-describedby={missing ? `${altId}-missing` : undefined}
                  className={`input image-editor__input${missing ? ' input--warning' : ''}`}
                  lang={locale.code}
                  dir={locale.dir}
                  value={alternative[locale.code] ?? ''}
                  onChange={(event) =>
                    setAlternative({ ...alternative, [locale.code]: event.target.value })
                  }
                />
                <div className="image-editor__label">
                  <label htmlFor={`${formId}-caption-${locale.code}`}>Caption</label>
                </div>
                <textarea
                  id={`${formId}-caption-${locale.code}`}
                  className="input image-editor__input"
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
          <div className="image-editor__embed">
            <span>
              Embed code <code>{code}</code>
            </span>
            <button type="button" className="button" onClick={copy}>
              Copy embed code
            </button>
          </div>
          {error && (
            <p className="image-editor__error" role="alert">
              {error}
            </p>
          )}
          <div className="image-editor__buttons">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save image'}
            </button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
