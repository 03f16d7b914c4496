/** Declarative forms for the modal dialogs (create VM, create cluster, firewall rules …). */

export type FormValue = string | number | boolean | readonly string[] | undefined;
export type FormValues = Readonly<Record<string, FormValue>>;

export interface FieldOption {
  label: string;
  value: string;
  /**
   * Shown but refused, with the reason ("out of stock"). Phrase it to follow "<label> is …": the form says
   * "n3-H100x8 is out of stock" (a reason that already starts with the label is used as it is).
   */
  disabled?: string;
  /** Extra text after the label (price, stock …). */
  hint?: string;
}

interface FieldBase {
  id: string;
  label: string;
  /** Error text for the current values, or undefined when valid (runs on every change). */
  validate?: (value: FormValue, values: FormValues) => string | undefined;
  /** Hidden fields are skipped by navigation and validation. */
  hidden?: (values: FormValues) => boolean;
  /** One dim line shown under the field while it has the focus. */
  help?: string;
  /**
   * An empty value is an error ("required"). Default: true for number and select fields, false for text and
   * multi-select fields (whose `validate` may still refuse an empty value). Meaningless for toggles.
   */
  required?: boolean;
}

export type FieldSpec =
  | (FieldBase & {
      kind: 'text';
      placeholder?: string;
      /** The most characters the service accepts (code points): longer shows an error, and is never sent. */
      maxLength?: number;
      counter?: boolean;
      /**
       * The most the input holds (UTF-16 units; default TEXT_INPUT_MAX): typing or pasting more is cut there,
       * and the form says so. Keep it above maxLength, so a too-long paste shows as too long, not silently cut.
       */
      maxInput?: number;
    })
  | (FieldBase & {
      kind: 'number';
      /** Bounds are required: what the service accepts, shown beside the field and enforced while typing. */
      min: number;
      max: number;
      integer?: boolean;
    })
  | (FieldBase & { kind: 'toggle' })
  | (FieldBase & { kind: 'select'; options: (values: FormValues) => readonly FieldOption[] })
  | (FieldBase & { kind: 'multi-select'; options: (values: FormValues) => readonly FieldOption[] });

/** The request a refused field belongs to (a form may send several: import a key pair, then create the VM). */
export interface RefusedRequest {
  method: string;
  /** The request's path below the base URL: `/core/keypairs`. */
  path: string;
}

/**
 * Where the service's refusal of a field goes: from the payload's field name (dotted when nested: `data.count`) to
 * the form's field id. A map names only the fields whose names differ (`{ flavor_name: 'flavor' }`): any other
 * name goes to the form's field of the same id. A function decides every name itself (undefined: no field of this
 * form). A name with no visible field is said on the form's error line, naming it.
 */
export type ServiceFields =
  | Readonly<Record<string, string>>
  | ((field: string, request: RefusedRequest) => string | undefined);

export interface FormSpec {
  title: string;
  /** Lines shown under the title (beta notice, expected duration …). */
  notes?: readonly string[];
  fields: readonly FieldSpec[];
  initial: FormValues;
  /** A line above the buttons ("2 × n3-H100x1 in CANADA-1, $4.80/h"). */
  summary?: (values: FormValues) => string | undefined;
  submitLabel: string;
  /**
   * Sends the form. Resolves when done (the form closes); rejects with the service's error, which the form
   * shows while staying open with everything typed kept.
   */
  onSubmit: (values: FormValues) => Promise<void>;
  /** Where the service's field errors go when its payload names differ from the field ids (see ServiceFields). */
  serviceFields?: ServiceFields;
}
