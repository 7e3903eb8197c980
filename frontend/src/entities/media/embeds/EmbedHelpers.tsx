// The editor's embed helper (issue 31, item 3): the image dialog's code with size, class and link;
// the Files tab's code for several files as one list. The code is built by embedOptions.ts.
import { useId, useState } from 'react';
import { t } from '../../../i18n';
import type { MessageKey } from '../../../i18n';
import type { ContentLang } from '../../../ui/contentLocale';
import { EmbedCode } from '../common/EditorParts';
import { attachmentsEmbedCode, droppedOptions, imageEmbedCode, NO_OPTIONS } from './embedOptions';
import type { ImageEmbedOptions } from './embedOptions';
import './embeds.css';

const FIELDS: {
  key: keyof ImageEmbedOptions;
  label: MessageKey;
  mode: 'numeric' | 'text' | 'url';
}[] = [
  { key: 'width', label: 'embedOptions.width', mode: 'numeric' },
  { key: 'height', label: 'embedOptions.height', mode: 'numeric' },
  { key: 'cssClass', label: 'embedOptions.cssClass', mode: 'text' },
  { key: 'link', label: 'embedOptions.link', mode: 'url' },
];

/** An image's embed code, with the options pages_core writes (size, class, link). */
export function ImageEmbedHelper({ imageId }: { imageId: number }) {
  const id = useId();
  const [options, setOptions] = useState<ImageEmbedOptions>(NO_OPTIONS);
  const dropped = droppedOptions(options);
  return (
    <div className="embed-helper">
      <EmbedCode kind="image" code={imageEmbedCode(imageId, options)} />
      <details className="embed-helper__options">
        <summary>{t('embedOptions.title')}</summary>
        <div className="embed-helper__grid">
          {FIELDS.map((field) => {
            const fieldId = `${id}-${field.key}`;
            const refused = dropped.includes(field.key);
            return (
              <div
                key={field.key}
                className={`embed-helper__field embed-helper__field--${field.key}`}
              >
                <label htmlFor={fieldId}>{t(field.label)}</label>
                <input
                  id={fieldId}
                  className={`input${refused ? ' input--warning' : ''}`}
                  dir="ltr"
                  inputMode={
                    field.mode === 'numeric' ? 'numeric' : field.mode === 'url' ? 'url' : 'text'
                  }
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={refused || undefined}
                  aria-describedby={refused ? `${fieldId}-dropped` : undefined}
                  value={options[field.key]}
                  onChange={(event) => setOptions({ ...options, [field.key]: event.target.value })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') event.preventDefault(); // not the dialog's save
                  }}
                />
                {refused && (
                  <span id={`${fieldId}-dropped`} className="embed-helper__dropped">
                    {t('embedOptions.dropped')}
                  </span>
                )}
              </div>
            );
          })}
        </div>
        <p className="embed-helper__hint">
          {t('embedOptions.sizeHint')} {t('embedOptions.classHint')} {t('embedOptions.linkHint')}
        </p>
      </details>
    </div>
  );
}

interface FileChoice {
  id: number;
  label: string;
}

/** The code of several of the page's files as one list: `[attachment:1,2,3]`. */
export function AttachmentsEmbedHelper({
  files,
  lang,
}: {
  files: FileChoice[];
  lang: ContentLang;
}) {
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const chosen = files.filter((file) => !left.has(file.id)).map((file) => file.id);
  const toggle = (fileId: number) => {
    const next = new Set(left);
    if (next.has(fileId)) next.delete(fileId);
    else next.add(fileId);
    setLeft(next);
  };
  return (
    <details className="embed-helper embed-helper__options">
      <summary>{t('embedOptions.files')}</summary>
      <p className="embed-helper__hint">{t('embedOptions.filesHint')}</p>
      <ul className="embed-helper__files">
        {files.map((file) => (
          <li key={file.id}>
            <label>
              <input
                type="checkbox"
                checked={!left.has(file.id)}
                onChange={() => toggle(file.id)}
              />{' '}
              <span lang={lang.lang} dir={lang.dir}>
                {file.label}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {chosen.length ? (
        <EmbedCode kind="attachment" code={attachmentsEmbedCode(chosen)} />
      ) : (
        <p className="embed-helper__hint">{t('embedOptions.noFiles')}</p>
      )}
    </details>
  );
}
