/** ra-data-simple-rest list query: `?sort=["field","ASC"]&range=[0,9]&filter={...}`; total in `Content-Range`. */
export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery<F = Record<string, unknown>> {
  sort: [string, SortOrder];
  range: [number, number];
  filter: F;
}
