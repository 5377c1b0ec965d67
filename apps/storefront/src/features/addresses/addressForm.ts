import { NIGERIAN_PHONE, normalisePhone, type Address, type AddressInput, type FieldError } from '@kasuwa/contracts';

/** An address form as typed: ids as the selects hold them ('' = none chosen). */
export interface AddressDraft {
  stateId: string;
  lgaId: string;
  street: string;
  landmark: string;
  phone: string;
}
export type DraftErrors = Partial<Record<keyof AddressDraft, string>>;

export const EMPTY_DRAFT: AddressDraft = { stateId: '', lgaId: '', street: '', landmark: '', phone: '' };
export const PHONE_HINT = 'A Nigerian mobile number, e.g. 0803 123 4567';

/** A saved address back into the form; its E.164 number in the local form people type ("+2348031234567" → "08031234567"). */
export function draftOf(a: Address): AddressDraft {
  return {
    stateId: String(a.stateId),
    lgaId: String(a.lgaId),
    street: a.street,
    landmark: a.landmark ?? '',
    phone: a.phone.replace(/^\+234/, '0'),
  };
}

/** The API's rules, checked before sending (the server checks them again): a state and its LGA, street 5–200, landmark ≤ 120, a Nigerian mobile. */
export function checkDraft(d: AddressDraft): DraftErrors {
  const e: DraftErrors = {};
  if (!d.stateId) e.stateId = 'Choose a state';
  if (!d.lgaId) e.lgaId = 'Choose a local government area';
  const street = d.street.trim();
  if (street.length < 5 || street.length > 200) e.street = 'The street address takes 5 to 200 characters';
  if (d.landmark.trim().length > 120) e.landmark = 'The landmark takes at most 120 characters';
  if (!NIGERIAN_PHONE.test(normalisePhone(d.phone.trim()))) e.phone = `Enter a valid number. ${PHONE_HINT}`;
  return e;
}

/** The draft as the API takes it. */
export function inputOf(d: AddressDraft, isDefault?: boolean): AddressInput {
  return {
    stateId: Number(d.stateId),
    lgaId: Number(d.lgaId),
    street: d.street.trim(),
    landmark: d.landmark.trim() || null,
    phone: normalisePhone(d.phone.trim()),
    ...(isDefault === undefined ? {} : { isDefault }),
  };
}

/** A 422's field list onto the form's fields. */
export function errorsFrom(fields: FieldError[]): DraftErrors {
  const e: DraftErrors = {};
  for (const f of fields) if (f.field in EMPTY_DRAFT) e[f.field as keyof AddressDraft] ??= f.message;
  return e;
}

/** "Eti Osa, Lagos": the product's deliveryRegion, and how an address names its place. */
export const placeLine = (a: { lgaName: string; stateName: string }) => `${a.lgaName}, ${a.stateName}`;

/** The product's one-line shippingAddress: the street, then the landmark when there is one. */
export const streetLine = (street: string, landmark: string | null | undefined) =>
  landmark?.trim() ? `${street.trim()} (landmark: ${landmark.trim()})` : street.trim();
