import { t } from '../../../i18n';
import type { FieldChange } from '../compareModel';

/** The changed fields (template, tags, dates, links…), each from → to. */
export function FieldChanges({ fields }: { fields: readonly FieldChange[] }) {
  return (
    <section className="diff-fields" aria-labelledby="diff-fields-title">
      <h3 className="diff-block__title" id="diff-fields-title">
        {t('revisions.compare.fields')}
      </h3>
      <dl className="diff-fields__list">
        {fields.map((field) => (
          <div key={field.key} className="diff-field">
            <dt className="diff-field__name">
              {field.label}
              {field.locale !== null && (
                <span className="diff-field__locale"> · {field.locale}</span>
              )}
            </dt>
            <dd className="diff-field__values">
              {field.removed || field.added ? (
                <ListChange removed={field.removed ?? []} added={field.added ?? []} field={field} />
              ) : (
                <>
                  <del className="diff__del" dir="auto">
                    <span className="visually-hidden">{t('revisions.compare.before')} </span>
                    {field.from}
                  </del>
                  <span className="diff-field__arrow" aria-hidden="true">
                    {' → '}
                  </span>
                  <ins className="diff__ins" dir="auto">
                    <span className="visually-hidden">{t('revisions.compare.after')} </span>
                    {field.to}
                  </ins>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface ListChangeProps {
  removed: readonly string[];
  added: readonly string[];
  field: FieldChange;
}

/** A list field: what went and what came; a reordering alone shows both orders. */
function ListChange({ removed, added, field }: ListChangeProps) {
  if (removed.length === 0 && added.length === 0) {
    return (
      <>
        <span dir="auto">{field.from}</span>
        <span className="diff-field__arrow" aria-hidden="true">
          {' → '}
        </span>
        <span dir="auto">{field.to}</span>
      </>
    );
  }
  return (
    <>
      {removed.length > 0 && (
        <span className="diff-field__items">
          {t('revisions.compare.removed')}{' '}
          {removed.map((item) => (
            <del key={item} className="diff__del diff__item" dir="auto">
              {item}
            </del>
          ))}
        </span>
      )}
      {added.length > 0 && (
        <span className="diff-field__items">
          {t('revisions.compare.added')}{' '}
          {added.map((item) => (
            <ins key={item} className="diff__ins diff__item" dir="auto">
              {item}
            </ins>
          ))}
        </span>
      )}
    </>
  );
}
