/**
 * The demo catalogue as written by hand: twelve collections of ten cards, each with
 * Japanese and English names, spread over the four production chains.
 *
 * @see docs/product-spec.md §2 (/collection, /tokens/...), §9 (chains)
 */

import { addressFrom } from './deterministic.ts';

/** The contract address of demo collection `slug` (derived, so the same on every machine). */
export function demoContractAddress(slug: string): string {
  return addressFrom(`kirafuda-demo-collection:${slug}`);
}

/** A demo collection (one contract on one chain) and its ten cards as `[Japanese, English]` names. */
export interface DemoCategory {
  slug: string;
  chainId: 1 | 56 | 8217 | 137;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  /** Index into DEMO_CREATORS (./demoPeople.ts). */
  creator: number;
  /** The `Element` trait of its cards, Japanese and English. */
  element: readonly [string, string];
  cards: readonly (readonly [string, string])[];
}

/** The demo collections, three per chain. */
export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: 'night-sakura',
    chainId: 1,
    name: '夜桜幻想譚',
    nameEn: 'Night Sakura Fantasia',
    description: '月明かりに浮かぶ夜桜と、そこに集う精霊たちの物語。',
    descriptionEn: 'Tales of the spirits who gather under cherry blossoms by moonlight.',
    creator: 0,
    element: ['花', 'Blossom'],
    cards: [
      ['夜桜の巫女', 'Shrine Maiden of Night Sakura'],
      ['花明かりの狐', 'Fox of the Blossom Light'],
      ['月下の舞姫', 'Dancer Under the Moon'],
      ['散り際の剣士', 'Swordsman of Falling Petals'],
      ['枝垂れ桜の精', 'Spirit of the Weeping Sakura'],
      ['提灯行列', 'Lantern Procession'],
      ['花筏の少女', 'Girl on the Petal Raft'],
      ['春宵の語り部', 'Storyteller of a Spring Night'],
      ['桜守の老人', 'Old Keeper of the Sakura Trees'],
      ['千本桜の主', 'Lord of a Thousand Sakura'],
    ],
  },
  {
    slug: 'stargazers-tower',
    chainId: 1,
    name: '星詠みの塔',
    nameEn: 'Tower of the Stargazers',
    description: '星の声を聴く者たちが暮らす、雲の上まで伸びる塔。',
    descriptionEn: 'A tower above the clouds, home to those who listen to the stars.',
    creator: 1,
    element: ['星', 'Star'],
    cards: [
      ['星詠みの見習い', 'Apprentice Stargazer'],
      ['天球儀の番人', 'Warden of the Celestial Globe'],
      ['流星を拾う子', 'Child Who Gathers Meteors'],
      ['蒼い彗星', 'The Blue Comet'],
      ['北極星の賢者', 'Sage of the Pole Star'],
      ['星図の司書', 'Librarian of Star Charts'],
      ['月蝕の魔女', 'Witch of the Lunar Eclipse'],
      ['銀河を渡る船', 'Ship Across the Galaxy'],
      ['塔の最上階', 'Top Floor of the Tower'],
      ['星霜の王', 'King of Stars and Frost'],
    ],
  },
  {
    slug: 'clockwork-maidens',
    chainId: 1,
    name: '機巧少女',
    nameEn: 'Clockwork Maidens',
    description: '歯車と蒸気で動く少女たちが、止まった街の時計を直して回る。',
    descriptionEn: 'Gear-driven maidens who travel the city mending its stopped clocks.',
    creator: 5,
    element: ['鋼', 'Steel'],
    cards: [
      ['歯車仕掛けのメイド', 'Gearwork Maid'],
      ['真鍮の歌姫', 'Brass Diva'],
      ['ゼンマイ騎士', 'Windup Knight'],
      ['蒸気機関の心臓', 'Heart of the Steam Engine'],
      ['時計塔の少女', 'Girl of the Clock Tower'],
      ['銅線の蝶', 'Copper Wire Butterfly'],
      ['発条仕掛けの猫', 'Spring-Loaded Cat'],
      ['歯車の女王', 'Queen of Gears'],
      ['修理工房の主', 'Master of the Repair Shop'],
      ['永久機関の夢', 'Dream of Perpetual Motion'],
    ],
  },
  {
    slug: 'sea-god-legends',
    chainId: 56,
    name: '海神の伝承',
    nameEn: 'Legends of the Sea God',
    description: '港町に伝わる海神と、その眷属たちの伝説を描いたシリーズ。',
    descriptionEn: 'Harbour-town legends of the sea god and the creatures who serve it.',
    creator: 2,
    element: ['水', 'Water'],
    cards: [
      ['潮騒の人魚', 'Mermaid of the Murmuring Tide'],
      ['珊瑚の宮殿', 'Coral Palace'],
      ['深海の灯台守', 'Lighthouse Keeper of the Deep'],
      ['渦潮の大蛇', 'Serpent of the Whirlpool'],
      ['海神の三叉槍', 'Trident of the Sea God'],
      ['真珠採りの少年', 'Pearl-Diving Boy'],
      ['竜宮の使い', 'Messenger of the Dragon Palace'],
      ['嵐を呼ぶ鯱', 'Orca of the Storm'],
      ['沈没船の財宝', 'Treasure of the Sunken Ship'],
      ['大海原の主', 'Ruler of the Open Sea'],
    ],
  },
  {
    slug: 'forest-folk',
    chainId: 56,
    name: '森の小さな住人たち',
    nameEn: 'Little Folk of the Forest',
    description: 'どんぐりの帽子をかぶった妖精たちの、森での暮らしをのぞいてみませんか。',
    descriptionEn: 'A peek into the everyday life of the acorn-capped fairies of the forest.',
    creator: 4,
    element: ['森', 'Wood'],
    cards: [
      ['どんぐり帽子の妖精', 'Acorn-Cap Fairy'],
      ['きのこの郵便屋さん', 'Mushroom Mail Carrier'],
      ['苔むす森の長老', 'Elder of the Mossy Wood'],
      ['木漏れ日の子リス', 'Squirrel in the Dappled Light'],
      ['落ち葉の仕立て屋', 'Tailor of Fallen Leaves'],
      ['朝露のてんとう虫', 'Ladybird of the Morning Dew'],
      ['ふくろう先生', 'Professor Owl'],
      ['小川の釣り人', 'Angler of the Brook'],
      ['切り株のお茶会', 'Tea Party on a Stump'],
      ['森の守り神', 'Guardian Spirit of the Forest'],
    ],
  },
  {
    slug: 'cyber-city-2099',
    chainId: 56,
    name: '電脳都市2099',
    nameEn: 'Cyber City 2099',
    description: '雨とネオンの降る巨大都市で生きる人々とマシンの肖像。',
    descriptionEn: 'Portraits of people and machines in a megacity of rain and neon.',
    creator: 5,
    element: ['電', 'Electric'],
    cards: [
      ['ネオン街の情報屋', 'Neon District Informant'],
      ['義体の傭兵', 'Cyborg Mercenary'],
      ['電子の歌姫', 'Digital Diva'],
      ['地下鉄のハッカー', 'Subway Hacker'],
      ['雨の摩天楼', 'Skyscrapers in the Rain'],
      ['自律型ドローン', 'Autonomous Drone'],
      ['屋台のラーメン職人', 'Street-Stall Ramen Master'],
      ['量子の迷宮', 'Quantum Labyrinth'],
      ['企業都市の支配者', 'Overlord of the Corporate City'],
      ['最後のアナログ', 'The Last Analogue'],
    ],
  },
  {
    slug: 'wagashi-spirits',
    chainId: 8217,
    name: '和菓子の精霊',
    nameEn: 'Wagashi Spirits',
    description: '季節の和菓子に宿る、甘くて小さな精霊たち。',
    descriptionEn: 'Small, sweet spirits living in seasonal Japanese confections.',
    creator: 4,
    element: ['甘', 'Sweet'],
    cards: [
      ['桜餅の精', 'Sakura Mochi Spirit'],
      ['三色団子三姉妹', 'Three Dango Sisters'],
      ['水羊羹の君', 'Lady Mizu-Yokan'],
      ['柏餅の兜武者', 'Kashiwa Mochi Samurai'],
      ['金平糖の星屑', 'Konpeito Stardust'],
      ['どら焼きの旅人', 'Dorayaki Wanderer'],
      ['練り切りの職人', 'Nerikiri Artisan'],
      ['栗きんとんの姫', 'Chestnut Kinton Princess'],
      ['最中の双子', 'Monaka Twins'],
      ['和三盆の女王', 'Queen of Wasanbon Sugar'],
    ],
  },
  {
    slug: 'thunder-dragon-knights',
    chainId: 8217,
    name: '雷鳴の竜騎士',
    nameEn: 'Thunder Dragon Knights',
    description: '嵐の空を翔ける竜と、その背に乗る騎士たちの戦記。',
    descriptionEn: 'War chronicles of the dragons of the storm and the knights who ride them.',
    creator: 3,
    element: ['雷', 'Thunder'],
    cards: [
      ['雷竜の卵', 'Thunder Dragon Egg'],
      ['見習い竜騎士', 'Squire of the Dragon Riders'],
      ['蒼雷のワイバーン', 'Azure Lightning Wyvern'],
      ['竜鱗の盾', 'Dragon-Scale Shield'],
      ['嵐の空中戦', 'Battle in the Storm'],
      ['黒雲の竜王', 'Dragon King of Black Clouds'],
      ['雷槍の聖騎士', 'Paladin of the Thunder Lance'],
      ['竜舎の少女', 'Girl of the Dragon Stables'],
      ['落雷の誓い', 'Oath of the Lightning Strike'],
      ['天翔ける雷帝', 'Thunder Emperor of the Skies'],
    ],
  },
  {
    slug: 'fox-wedding',
    chainId: 8217,
    name: '狐の嫁入り',
    nameEn: "The Fox's Wedding",
    description: '晴れた空から雨が降る日、山の狐たちの婚礼が始まる。',
    descriptionEn: 'When rain falls from a clear sky, the foxes of the mountain hold a wedding.',
    creator: 6,
    element: ['火', 'Fire'],
    cards: [
      ['白無垢の花嫁狐', 'Fox Bride in White'],
      ['狐火の行列', 'Procession of Foxfire'],
      ['天気雨の森', 'Forest in a Sunshower'],
      ['稲荷の使い', 'Messenger of Inari'],
      ['九尾の仲人', 'Nine-Tailed Matchmaker'],
      ['赤い鳥居', 'The Red Torii'],
      ['油揚げの献上品', 'Offering of Fried Tofu'],
      ['狐面の楽師', 'Musician in a Fox Mask'],
      ['婚礼の盃', 'Wedding Sake Cup'],
      ['千年狐の祝福', 'Blessing of the Thousand-Year Fox'],
    ],
  },
  {
    slug: 'four-seasons',
    chainId: 137,
    name: '四季の歌',
    nameEn: 'Songs of Four Seasons',
    description: '日本の春夏秋冬を、一枚ずつ歌うように描いたカード。',
    descriptionEn: "Japan's four seasons, each card painted like a verse of a song.",
    creator: 7,
    element: ['風', 'Wind'],
    cards: [
      ['春告げ鳥', 'Bird That Heralds Spring'],
      ['菜の花畑', 'Field of Rapeseed Blossoms'],
      ['夏祭りの夜', 'Night of the Summer Festival'],
      ['蛍の川辺', 'Riverside of Fireflies'],
      ['紅葉狩り', 'Maple Viewing'],
      ['月見団子', 'Moon-Viewing Dumplings'],
      ['初雪の朝', 'Morning of the First Snow'],
      ['雪うさぎ', 'Snow Rabbit'],
      ['除夜の鐘', "New Year's Eve Bell"],
      ['巡る季節の歌姫', 'Singer of the Turning Seasons'],
    ],
  },
  {
    slug: 'sky-whales',
    chainId: 137,
    name: '天空の鯨',
    nameEn: 'Whales of the Sky',
    description: '雲の海を泳ぐ鯨たちと、浮遊島に暮らす人々の物語。',
    descriptionEn: 'Whales swimming through a sea of clouds, and the people of the floating isles.',
    creator: 1,
    element: ['空', 'Sky'],
    cards: [
      ['雲海の子鯨', 'Calf of the Sea of Clouds'],
      ['空鯨の群れ', 'Pod of Sky Whales'],
      ['浮遊島の港', 'Harbour of the Floating Isle'],
      ['風読みの航海士', 'Wind-Reading Navigator'],
      ['虹を吐く鯨', 'Whale That Breathes Rainbows'],
      ['飛行船の郵便局', 'Airship Post Office'],
      ['夕焼けの回遊', 'Migration at Sunset'],
      ['天空図書館', 'Library in the Sky'],
      ['雷雲の老鯨', 'Old Whale of the Thunderheads'],
      ['白き空の主', 'Lord of the White Sky'],
    ],
  },
  {
    slug: 'cats-and-wizards',
    chainId: 137,
    name: '猫と魔法使い',
    nameEn: 'Cats and Wizards',
    description: '魔法学院で暮らす見習い魔法使いと、気まぐれな猫たちの日常。',
    descriptionEn: 'Daily life of apprentice wizards and their capricious cats at the magic academy.',
    creator: 0,
    element: ['闇', 'Shadow'],
    cards: [
      ['黒猫の使い魔', 'Black Cat Familiar'],
      ['見習い魔法使い', 'Apprentice Wizard'],
      ['魔法書を読む猫', 'Cat Reading a Spellbook'],
      ['大鍋の調合', 'Potion in the Cauldron'],
      ['箒星の散歩', 'Broomstick Stroll'],
      ['三毛猫の占い師', 'Calico Fortune Teller'],
      ['月夜の集会', 'Moonlit Gathering'],
      ['薬草園の午後', 'Afternoon in the Herb Garden'],
      ['魔法学院の主席', 'Top of the Magic Academy'],
      ['大魔導師と猫', 'The Archmage and the Cat'],
    ],
  },
];

/** Rarity of the card at each position of a collection (ten cards). */
export const DEMO_RARITIES = ['N', 'N', 'N', 'R', 'R', 'R', 'SR', 'SR', 'SSR', 'UR'] as const;
