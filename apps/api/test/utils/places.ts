/**
 * Ids in the fixed place lists (src/modules/locations) that the tests use. A city and an LGA may share a name (Ikeja
 * is both), so cities and LGAs are kept apart.
 */
export const STATE = { LAGOS: 25, FCT: 15, RIVERS: 33 } as const;
/** Cities (a listing's `cityId`). */
export const CITY = { IKEJA: 2501, LEKKI: 2502, YABA: 2506, WUSE: 1502, IBADAN: 3101, PORT_HARCOURT: 3301 } as const;
/** Local government areas: Lagos's Ikeja and Eti Osa; the FCT's Abuja Municipal (AMAC) and Bwari. */
export const LGA = { IKEJA: 250011, ETI_OSA: 250008, AMAC: 150002, BWARI: 150003 } as const;
