export * from './lib/errors';
export * from './lib/accounts';
export * from './lib/money';
export * from './lib/dates';
export * from './lib/catalog';
export * from './lib/orders';
export * from './lib/favourites';
