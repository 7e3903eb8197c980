import type { ReactNode } from 'react';
import './form.css';

/** The accessibility attributes a control inside a FormField carries. */
export interface ControlAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldTextProps {
  id: string;
  error?: string;
  description?: string;
}

/** Return the attributes that tie a control to its field's error and description. */
export function controlAria({ id, error, description }: FieldTextProps): ControlAria {
  const describedBy = [error ? `${id}-error` : '', description ? `${id}-description` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

interface FormFieldProps extends FieldTextProps {
  label: string;
  /** A short note after the label, such as 'Same in every language'. */
  badge?: string;
  /** More beside the label (a state an add-on marks). */
  extra?: ReactNode;
  children: (aria: ControlAria) => ReactNode;
}

/** A labelled control with its server error beside the label and help text under it. */
export function FormField({
  id,
  label,
  badge,
  extra,
  error,
  description,
  children,
}: FormFieldProps) {
  return (
    <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
      <div className="form-field__head">
        <label className="form-field__label" htmlFor={id}>
          {label}
        </label>
        {badge && <span className="form-field__badge">{badge}</span>}
        {extra}
        {error && (
          <span className="form-field__error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </div>
      {children(controlAria({ id, error, description }))}
      {description && (
        <p className="form-field__description" id={`${id}-description`}>
          {description}
        </p>
      )}
    </div>
  );
}

interface FieldGroupProps {
  id: string;
  legend: string;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** A fieldset of several controls with one legend and its error beside it. */
export function FieldGroup({ id, legend, error, className, children }: FieldGroupProps) {
  return (
    <fieldset
      id={id}
      className={['form-group', error ? 'form-field--invalid' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="form-field__head">
        <span className="form-field__label">{legend}</span>
        {error && (
          <span className="form-field__error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </legend>
      {children}
    </fieldset>
  );
}
