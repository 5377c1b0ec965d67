import { createHash } from 'node:crypto';
import type { QueryRunner } from 'typeorm';
import { migrations } from './index';

/**
 * Migrations are history: once one has run somewhere, its statements must never change (a fresh database and an old
 * one would differ). The SQL each migration sends, up and down with their parameters, is pinned here by hash, so a
 * refactor of how a migration builds its SQL (e.g. the shared pieces in ./ddl) must produce the same bytes.
 * A new migration adds its line; an existing line never changes.
 */
const PINNED: Record<string, string> = {
  Accounts1763800000000: '7b2e86a4f01aa317abfedce7a27e0f4d4a3d50bab006092852ac1f206566e752',
  Catalogue1763800001000: 'c833476dcc23bc104e3b4e1b5e889d1dffcd4bd874684bd1673379090bcd3050',
  Buying1763800002000: '9142dc3b3327712a310bde0df8619299d11126bb2d9d31c9ebc06b950204fa3a',
  Contact1763800003000: '7521bb6dcc0b89fdaca49d4e5662d6fc6401d924a69b2d7bdadee9d0c8600b7b',
  SearchSynonyms1763800010000: '867619842f9f17cf4794a44f22b615c06392cf905ab49bffea7c29a6a4610a03',
  ProductCondition1763800011000: '97317c1329555f71a9bd3d616da6d9fe470d8487f9f763bb8e563552055f75e5',
  Favourites1763800030000: 'b6eb5eb74948eb43ca262e389f5989236a65984c0ddba75a924fecee80269bfc',
  SellerCounters1763800040000: '7b390a65948cd4c971ed4d053a05c156095249681e3ac2cf6d3a8ffd9443268a',
  CatalogueVersion1764020000001: '0c9e2891ffa2defd5bc7a85dffa16fb807f96fd94e5a08daf46e26ee890a2e0a',
  Locations1764030000001: 'e38f0b68a3debceb94eac40efe82ab885354764e0cb02f993f09002881f49f14',
  SearchOutbox1764060000001: '969d11d6418d7eab6c1687c4a0ba07ca4430f4d24e66de91142cd139faf4df62',
  Money1764070000001: 'b27b1862981875932cc32c79dabb5d2b5018b2a880103828d464ef7a5c037690',
  Reviews1764080000001: 'e7bfee1430d2c183af2e964b828eb484eb7f0f1c0ea700183f6afbe696fb439f',
  Notifications1764080000002: '403a4afb060ea041dc781350f3abcef0aa44322fbadfbc957dc38823b93ca497',
  Reports1764080000003: '79db98b82988cf711d96246f7f332c09cf2cebbf122a503800609fcb00a3fee2',
  Chat1764080000004: '0bd6b843685463c5dfc83d319fe6dcae6c3fe49bc6b61c80b5c9d0aac85b7483',
  SavedSearches1764080000005: 'e7b8b4e978e8b659604ff7c7f05a0ea0ce3fbfd65f484662dd172f3f4b3d1699',
  ReviewCatalogueVersion1764090000001: '569448bd975f53b006d79398ebff30ea3562275e8823effa270346ae6467daa8',
  MoneyPayoutsPhotos1764100000001: '27a05fa7dea73ab809d9dcb40c59a23bc51be689ec75eb09496c3efe47286a57',
  RefundRequests1764110000001: '4224b6a7a04c8c57772da23648d3914a120d9008c012cf0274d58762718ee51c',
  CategoryPlaceIndex1764120000001: '3fbb8e1513c5f0bf0f4d46d208b9f76b85a81a8e566d010c7ef36fcb739a4f9d',
  SearchPlaceIndex1764130000001: 'ea55c927d34f7d35a60fa145fee884051787d9b95f727ec0940244092ade0359',
  PriceCoverIndex1764140000001: '832aa55af07dff6e80997838d24996202b6ed0aa3ef27a76fbceb4c84ae51682',
  MoneyExactlyOnce1764150000001: 'f265819c6086035a05b6df52ddd348ee3a594376b72e8f50c2786e5a284ce5ef',
  VerifiedPeople1764160000001: '6f62e3db168b5423bf3d97434e4189b5c69eb3140a6f0d11056a2db7a8fd1c65',
  AccountableStaff1764170000001: 'f00fe05c0c551504c495c0c46cebf420d62a3cff78062f13f774fb69ccfbf21f',
  ReportWeight1764180000001: '0910ced176b1df1b3d15cb57eb9edf80f6613f377c64217b6a1247ec899de7a9',
  StepUp1764185000001: 'aa1bad29fd63827547d7c2d2fe0c31e5d94f0a865b6da01b4eb39038ebf3354b',
  ChatWarningsRisk1764210000001: '2b43f3605b865280a8bb27cdf81f6022a56805463cf9eff0d0c572f619de4006',
  OneOpenOffer1764230000001: 'bff1fbc8fffcc6b6717ae1c6c2cbd69d448e516402408bad64306e91c6d829eb',
  DeliveryPlaces1764240000001: 'd9e7e15d00bf7b84230e826bb05c504af05dfaa8754e8c29cce3c7c356673117',
  OrderTracking1764250000005: '321cf279aa42e791483afcadad2dc41e63ae9aae720e9d576447337a9485f292',
  OrderShippedAt1764260000001: '16d074c8af83b3b65fc15408473a008f6f43a4754225ccfa3b7d73a5359d4ac1',
  PayOnDelivery1764265000001: '79068d45eb510b1d61baa942ca98558f7f2a28c45ac0ec71b7ed2523829a4eef',
  CategoryAttributes1764270000001: '39a98875c6bb8d388ac90743f016b1b6ab97c1ea1e4bf464376bdf71f1bea9c5',
  CategoryOldSlugs1764260000021: 'c2240c4904ea6f7df9aef7d233af0a3975d62df82d8027688ad6044af30a2de4',
  OrderHandover1764200000001: '988916e93f78bffc6d58fd27341aaf5eca4f8425a74ce62584a75bfb0d3c2ebf',
  MoneyClock1764190000001: '8a1157fa2bf7dbe4676223f739506c0d97e9e043e39f5e427fae5e1e9122fe94',
  RefundNeedsAttention1764220000001: '1ec6afc648583aa23f7863612d584b376d6203a14f9ef3e221fb552b93ac2748',
  SimilarListings1764275000001: '4de8c2afb87342314299ea54849d623ba780ca109cff921971cb49c0c87188ec',
  TitleWords1764280000001: '5fbcbf54b1114b53ce4766d96d254ef9d6ac1ba109c8b177dad192d08cd25b8e',
};

/** Runs a migration against a QueryRunner that only records (every query answers no rows). */
async function statements(migration: (typeof migrations)[number]): Promise<string> {
  const sent: unknown[] = [];
  const query = async (sql: string, params?: unknown[]) => (sent.push([sql, params ?? null]), []);
  // A typed read goes through the runner's manager (same connection): recorded alike.
  const q = { query, manager: { query } } as unknown as QueryRunner;
  const m = new migration();
  await m.up(q);
  sent.push('-- down');
  await m.down(q);
  return JSON.stringify(sent);
}

describe('migrations are history', () => {
  it.each(migrations.map((m) => [m.name, m] as const))('%s sends the SQL it always sent', async (name, migration) => {
    const sql = await statements(migration);
    expect(createHash('sha256').update(sql).digest('hex')).toBe(PINNED[name]);
  });
});
