// The code of the dialogs and forms (src/app/dialogs.ts loads it when first needed, or once the first frame is out).
export { submitForm } from '../ui/form/controller.js';
export { FormView } from '../ui/form/FormView.js';
export { focusTakesPaste, focusTakesText, initFormState } from '../ui/form/form-state.js';
export { formReduce } from '../ui/form/reducer.js';
export { initModalState, ModalView, modalReduce } from '../ui/ModalView.js';
