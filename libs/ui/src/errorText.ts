import type { FieldError } from '@kasuwa/contracts';

function isFieldErrorList(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) && value.length > 0 && value.every((e) => typeof e === 'object' && e !== null && 'field' in e && 'message' in e)
  );
}

/** The field errors of a 422 answer ({field, message} list), or undefined when the body carries none. */
export function fieldErrorList(body: unknown): FieldError[] | undefined {
  const list = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return isFieldErrorList(list) ? list : undefined;
}

/** A form's field names (as the API names them) → the labels its people read ("productImages" → "Photos"). */
export type FieldLabels = Readonly<Partial<Record<string, string>>>;

/**
 * A field as people read it: the form's own label, else its name in words ("confirmPassword" → "Confirm password",
 * "productCategoryID" → "Product category", "items.0.quantity" → "Quantity"). Never the raw key.
 */
export function fieldLabel(field: string, labels?: FieldLabels): string {
  const label = labels?.[field];
  if (label) return label;
  const name =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  const words =
    name
      .replace(/([a-z])I[Dd]$/, '$1')
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .trim()
      .toLowerCase() || name;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A 422's field problems, one per line, each under its label; a message that already starts with the label stands alone. */
export function fieldErrorText(list: readonly FieldError[], labels?: FieldLabels): string {
  return list
    .map(({ field, message }) => {
      const label = fieldLabel(field, labels);
      const named = message.toLowerCase().startsWith(label.toLowerCase()) && !/^[a-z]/i.test(message.slice(label.length));
      return named ? message : `${label}: ${message}`;
    })
    .join('\n');
}

/**
 * The text to show for an API error body (the product error texts), the same in both apps: a 422's list as "Label: message" lines
 * (`labels`: the form's own, else the field's name in words); otherwise the server's `message` (a list of texts one per
 * line); otherwise the caller's fallback.
 */
export function errorText(body: unknown, fallback = '', labels?: FieldLabels): string {
  const fields = fieldErrorList(body);
  if (fields) return fieldErrorText(fields, labels);
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length) return message.map(String).join('\n');
  return fallback;
}
