import { displayName, editPageUrl, publicUrl } from '../../../lib/page';
import { FormField } from '../../../ui/form/FormField';
import type { Editor } from '../hooks/useEditor';
import { ancestorMissingSegment } from '../model';
import { BlockList } from './BlockList';
import { SocialImage } from './SocialImage';

export const PATH_SEGMENT_HINT = 'Only alpanumeric characters and dashes are allowed.';

/** Path segment, social sharing image and the template's metadata blocks. */
export function MetadataTab({
  editor,
  locale,
  locales,
}: {
  editor: Editor;
  locale: string;
  locales: readonly string[];
}) {
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

function PathSegment({
  editor,
  locale,
  locales,
}: {
  editor: Editor;
  locale: string;
  locales: readonly string[];
}) {
  const { page, draft, errors } = editor;
  const missing = ancestorMissingSegment(page.ancestors, locale);
  if (missing) {
    return (
      <div className="form-field">
        <span className="form-field__label">Path segment</span>
        <p className="editor-note" role="note">
          Pages under <strong>{displayName(missing.name, locale, locales)}</strong> can only get a
          path segment once it has one.{' '}
          <a href={editPageUrl(locale, missing.id, 'metadata')}>
            Add a path segment to that page first.
          </a>
        </p>
      </div>
    );
  }
  const address = publicUrl(page, locale);
  return (
    <FormField
      id="path_segment"
      label="Path segment"
      description={PATH_SEGMENT_HINT}
      error={errors.path_segment}
    >
      {(aria) => (
        <>
          <input
            {...aria}
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
              Public address:{' '}
              <a href={address} target="_blank" rel="noreferrer">
                {address}
              </a>
            </p>
          )}
        </>
      )}
    </FormField>
  );
}
