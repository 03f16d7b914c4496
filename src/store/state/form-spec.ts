/** Declarative forms for the modal dialogs (create VM, create cluster, firewall rules …). */

export type FormValue = string | number | boolean | readonly string[] | undefined;
/**
 * A form's values by field id. Each form declares its own as a type (`type VolumeValues = { name: string; size:
 * number | undefined }`), so its field ids and value types are known to the compiler; the form engine
 * (src/ui/form/) works on any.
 */
export type FormValues = { readonly [id: string]: FormValue };

/** The value each kind of field holds (an empty number or select holds undefined). */
interface KindValues {
  text: string;
  number: number | undefined;
  toggle: boolean;
  select: string | undefined;
  'multi-select': readonly string[];
}
export type FieldKind = keyof KindValues;
/** The kinds of field whose value a form's value type `T` can hold. */
type KindsFor<T> = { [k in FieldKind]: KindValues[k] extends T ? k : never }[FieldKind];

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

// Callbacks are methods (bivariant in their parameters), so a form of its own values is a form of FormValues
// to the engine, which passes each callback the values of that same form.
interface FieldBase<V extends FormValues, K extends keyof V> {
  id: K;
  label: string;
  /** Error text for the current values, or undefined when valid (runs on every change). */
  validate?(value: V[K], values: V): string | undefined;
  /** Hidden fields are skipped by navigation and validation. */
  hidden?(values: V): boolean;
  /** One dim line shown under the field while it has the focus. */
  help?: string;
  /**
   * An empty value is an error ("required"). Default: true for number and select fields, false for text and
   * multi-select fields (whose `validate` may still refuse an empty value). Meaningless for toggles.
   */
  required?: boolean;
}

/** What each kind of field adds. */
interface KindSpecs<V extends FormValues> {
  text: {
    kind: 'text';
    placeholder?: string;
    /** A value → takes while the field is empty (shown in its place: "gpu-train-3  → takes it"). */
    suggestion?: string;
    /** The most characters the service accepts (code points): longer shows an error, and is never sent. */
    maxLength?: number;
    counter?: boolean;
    /**
     * The most the input holds (UTF-16 units; default TEXT_INPUT_MAX): typing or pasting more is cut there,
     * and the form says so. Keep it above maxLength, so a too-long paste shows as too long, not silently cut.
     */
    maxInput?: number;
  };
  number: {
    kind: 'number';
    /** Bounds are required: what the service accepts, shown beside the field and enforced while typing. */
    min: number;
    max: number;
    integer?: boolean;
  };
  toggle: { kind: 'toggle' };
  select: { kind: 'select'; options(values: V): readonly FieldOption[] };
  'multi-select': { kind: 'multi-select'; options(values: V): readonly FieldOption[] };
}

/** A field of id K: of a kind whose value the form's type for K holds. */
type FieldFor<V extends FormValues, K extends keyof V & string> = FieldBase<V, K> &
  KindSpecs<V>[KindsFor<V[K]>];

/**
 * A field of one kind, for a builder shared by forms (a flavor select): the forms whose values have `K` of that
 * kind's type take it.
 */
export type Field<V extends FormValues, K extends keyof V & string, Kind extends FieldKind> = FieldBase<
  V,
  K
> &
  KindSpecs<V>[Kind];

/** One field of a form of values V: a misspelt id, or a kind that does not hold V's type for it, does not compile. */
export type FieldSpec<V extends FormValues = FormValues> = {
  [K in keyof V & string]: FieldFor<V, K>;
}[keyof V & string];

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

/**
 * A form of values V (see FormValues). The engine holds every form as a FormSpec (of any values) and passes each
 * callback only values of that same form, which start as its `initial` and change field by field: so a form of
 * its own values is declared a FormSpec (`out V`). TypeScript cannot prove it for every V (a field id of a
 * narrower V is no key of a wider one), hence the one directive below; FormValues has every key.
 */
// @ts-expect-error TS2636: the variance is declared, not measured (see above)
export interface FormSpec<out V extends FormValues = FormValues> {
  title: string;
  /** Lines shown under the title (beta notice, expected duration …). */
  notes?: readonly string[];
  fields: readonly FieldSpec<V>[];
  initial: V;
  /** A line above the buttons ("2 × n3-H100x1 in CANADA-1, $4.80/h"). */
  summary?(values: V): string | undefined;
  submitLabel: string;
  /**
   * Sends the form. Resolves when done (the form closes); rejects with the service's error, which the form
   * shows while staying open with everything typed kept.
   */
  onSubmit(values: V): Promise<void>;
  /** Where the service's field errors go when its payload names differ from the field ids (see ServiceFields). */
  serviceFields?: ServiceFields;
}
