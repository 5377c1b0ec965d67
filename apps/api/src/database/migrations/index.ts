import { Accounts1763800000000 } from './1763800000000-accounts';

/** Every migration, in order. Listed explicitly so the compiled app and jest load the same set. */
export const migrations = [Accounts1763800000000];
