/** One field's problem in a 422 answer. */
export interface FieldError {
  field: string;
  message: string;
}

/** Every error the API returns. `error` is present only on 422 validation failures. */
export interface ApiErrorBody {
  message: string;
  error?: FieldError[];
}

export const VALIDATION_FAILED = 'Validation failed';
