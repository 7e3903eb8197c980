import { t } from '../../../i18n';
import { FormField } from '../../../ui/form/FormField';
import type { Editor } from '../hooks/useEditor';

type TextOption = 'unique_name' | 'redirect_to';
const TEXT_OPTIONS: {
  name: TextOption;
  label: string;
  description: string;
  placeholder?: string;
}[] = [
  {
    name: 'unique_name',
    label: t('editor.field.unique_name'),
    description: t('editor.uniqueNameHelp'),
  },
  {
    name: 'redirect_to',
    label: t('editor.field.redirect_to'),
    description: t('editor.redirectHelp'),
    placeholder: '/en/page or https://',
  },
];

/** The sidebar's free-text options. */
export function SidebarText({ editor }: { editor: Editor }) {
  return (
    <>
      {TEXT_OPTIONS.map(({ name, label, description, placeholder }) => (
        <FormField
          key={name}
          id={name}
          label={label}
          description={description}
          error={editor.errors[name]}
        >
          {(aria) => (
            <input
              {...aria}
              type="text"
              className="input"
              spellCheck={false}
              dir="ltr"
              placeholder={placeholder}
              value={editor.draft[name]}
              onChange={(e) => {
                const value = e.target.value;
                editor.update((draft) => ({ ...draft, [name]: value }));
              }}
            />
          )}
        </FormField>
      ))}
    </>
  );
}
