/**
 * The people of the demo data: eight creators (illustrators with Japanese and English names) and
 * twelve collectors, each on one of anvil's default development accounts.
 *
 * @see ./accounts.ts (ANVIL_ACCOUNTS)
 */

/** A demo creator: an illustrator account linked to the wallet user at anvil account `account`. */
export interface DemoCreator {
  uid: string;
  name: string;
  nameEn: string;
  /** Index into ANVIL_ACCOUNTS of the creator's wallet. */
  account: number;
}

/** The demo creators; the first is the demo illustrator (uid `illustrator`, anvil account 0). */
export const DEMO_CREATORS: readonly DemoCreator[] = [
  { uid: 'illustrator', name: '桜井ミオ', nameEn: 'Mio Sakurai', account: 0 },
  { uid: 'ren-tsukishima', name: '月島レン', nameEn: 'Ren Tsukishima', account: 1 },
  { uid: 'akari-fujiwara', name: '藤原あかり', nameEn: 'Akari Fujiwara', account: 2 },
  { uid: 'yu-shirakawa', name: '白川ユウ', nameEn: 'Yu Shirakawa', account: 3 },
  { uid: 'koharu-hoshino', name: '星野こはる', nameEn: 'Koharu Hoshino', account: 4 },
  { uid: 'shin-kuroda', name: '黒田シン', nameEn: 'Shin Kuroda', account: 5 },
  { uid: 'shizuku-minase', name: '水瀬しずく', nameEn: 'Shizuku Minase', account: 6 },
  { uid: 'sora-asahina', name: '朝比奈ソラ', nameEn: 'Sora Asahina', account: 7 },
];

/** Collector wallets (anvil accounts 8..19) and the profile names of those who set one. */
export const DEMO_COLLECTORS: readonly { account: number; profileName: string | null }[] = [
  { account: 8, profileName: 'hana_collects' },
  { account: 9, profileName: 'kaito' },
  { account: 10, profileName: 'ゆずき' },
  { account: 11, profileName: null },
  { account: 12, profileName: 'NightOwl' },
  { account: 13, profileName: 'みなと' },
  { account: 14, profileName: null },
  { account: 15, profileName: 'card_otaku_88' },
  { account: 16, profileName: 'りん' },
  { account: 17, profileName: 'Haru' },
  { account: 18, profileName: null },
  { account: 19, profileName: 'saki.eth' },
];
