/** conform's intent name and its `validate` intent for one field (what `parseWithZod` reads). */
export const CONFORM_INTENT = "__intent__";
export const validateIntent = (name: string) => JSON.stringify({ type: "validate", payload: { name } });

/** A submit button as the post needs it (an `HTMLButtonElement` or `<input type=submit>` is one). */
export type SubmitterLike = { name: string; value: string; formNoValidate: boolean };

/**
 * The submit button a blur validation stands for (decision 082): the form's first submit button that
 * validates, i.e. has no `formnovalidate`. A send-code or 'load cities' button comes first in some forms
 * (register, personal information) and skips validation, so it is not the form's submit; the button after
 * it is the one whose post the blur checks in advance. Such a form now starts with the kit's hidden
 * `DefaultSubmit` (decision 085), the main action's name and value: that is the button found here.
 */
export function validatingSubmitter<B extends SubmitterLike>(buttons: readonly B[]): B | undefined {
  return buttons.find((b) => !b.formNoValidate);
}

/**
 * The entries of the blur validation's post (decision 060, 082): the form's fields as `new FormData(form)` reads
 * them (no submitter), the validating submit button's name and value (its `intent`, so a form whose schema is a
 * union on `intent` is validated by the branch of its submit), and conform's validate intent for `field`.
 */
export function blurValidationEntries<V>(fields: Iterable<[string, V]>, buttons: readonly SubmitterLike[], field: string): Array<[string, V | string]> {
  const entries: Array<[string, V | string]> = [...fields].filter(([name]) => name !== CONFORM_INTENT);
  const submitter = validatingSubmitter(buttons);
  if (submitter?.name) entries.push([submitter.name, submitter.value]);
  entries.push([CONFORM_INTENT, validateIntent(field)]);
  return entries;
}
