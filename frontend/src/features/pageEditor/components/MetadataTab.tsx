import { t } from '../../../i18n';
import { displayName, editPageUrl, publicUrl } from '../../../lib/page';
import { useContentLang } from '../../../ui/contentLocale';
import { FormField } from '../../../ui/form/FormField';
import type { Editor } from '../hooks/useEditor';
import { ancestorMissingSegment } from '../model';
import { BlockList } from './BlockList';
import { SocialImage } from './SocialImage';

export const PATH_SEGMENT_HINT = t('editor.pathSegmentHint');

interface TabProps {
  editor: Editor;
  locale: string;
  locales: readonly string[];
}

/** Path segment, social sharing image and the template's metadata blocks. */
export function MetadataTab({ editor, locale, locales }: TabProps) {
  return (
    <div className="editor-fields">
      <PathSegment editor={editor} locale={locale} locales={locales} />
      <SocialImage
        image={editor.page.meta_image}
        locales={locales}
        onChange={editor.setMetaImage}
        error={editor.errors.meta_image_id}
      />
      <BlockList blocks={editor.template.metadata_blocks} editor={editor} />
    </div>
  );
}

function PathSegment({ editor, locale, locales }: TabProps) {
  const { page, draft, errors } = editor;
  const contentLang = useContentLang();
  const missing = ancestorMissingSegment(page.ancestors, locale);
  if (missing) {
    return (
      <div className="form-field">
        <span className="form-field__label">{t('editor.field.path_segment')}</span>
        <p className="editor-note" role="note">
          <AncestorName name={displayName(missing.name, locale, locales)} />{' '}
          <a href={editPageUrl(locale, missing.id, 'metadata')}>
            {t('editor.ancestorSegmentLink')}
          </a>
        </p>
      </div>
    );
  }
  const address = publicUrl(page, locale);
  return (
    <FormField
      id="path_segment"
      label={t('editor.field.path_segment')}
      description={PATH_SEGMENT_HINT}
      error={errors.path_segment}
    >
      {(aria) => (
        <>
          <input
            {...aria}
            {...contentLang}
            type="text"
            className="input"
            value={draft.path_segment}
            spellCheck={false}
            onChange={(event) => {
              const value = event.target.value;
              editor.update((current) => ({ ...current, path_segment: value }));
            }}
          />
          {address && (
            <p className="form-field__description">
              {t('editor.publicAddress')}{' '}
              <a href={address} target="_blank" rel="noreferrer" dir="ltr">
                {address}
              </a>
            </p>
          )}
        </>
      )}
    </FormField>
  );
}

/** The note about an ancestor without a path segment, its name in bold. */
function AncestorName({ name }: { name: string }) {
  const [before = '', after = ''] = t('editor.ancestorSegment').split('{name}');
  return (
    <>
      {before}
      <strong>{name}</strong>
      {after}
    </>
  );
}
