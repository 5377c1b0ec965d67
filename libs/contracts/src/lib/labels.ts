/** A value's words, as a label reads when nothing better is said: `refund_due` → "Refund due", `on_the_way` → "On the way". */
export function valueWords(value: string): string {
  const words = value.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The label of every value of a closed set, in the set's order: the value's words (valueWords) unless `other` gives it
 * a label of its own. One rule for every label map, so a map writes out only the labels that say something else.
 */
export function labelsOf<T extends string>(values: readonly T[], other: Partial<Record<T, string>> = {}): Record<T, string> {
  return Object.fromEntries(values.map((value) => [value, other[value] ?? valueWords(value)])) as Record<T, string>;
}
