// Word material for the generated library: subjects with English phrases, search tags and
// one alt sentence per other language (including non-Latin scripts, answered for a search in
// that language), settings, and people's names from many places.

export const ALT_LANGUAGES = ['de', 'fr', 'es', 'ja', 'ru', 'ar', 'el', 'zh'] as const;
export type AltLanguage = (typeof ALT_LANGUAGES)[number];

/**
 * The language of the texts answered for a search's `locale` (spec 4.10): the service's
 * locales whose language the library has texts in; every other locale (and none) is English.
 */
const LOCALE_LANGUAGES: Readonly<Record<string, AltLanguage>> = {
  'de-DE': 'de', 'fr-FR': 'fr', 'es-ES': 'es', 'ja-JP': 'ja', 'ru-RU': 'ru', 'el-GR': 'el', 'zh-CN': 'zh', 'zh-TW': 'zh',
};

export function languageOfLocale(locale: string | null): 'en' | AltLanguage {
  return (locale !== null && Object.hasOwn(LOCALE_LANGUAGES, locale) ? LOCALE_LANGUAGES[locale] : undefined) ?? 'en';
}

export interface Subject {
  readonly key: string;
  readonly tags: readonly string[];
  /** English noun phrases; one is combined with an adjective and a setting. */
  readonly en: readonly string[];
  readonly alt: Readonly<Record<AltLanguage, string>>;
  /** A setting (its text) every other photo of the subject is in, so its themed collections fill with fitting photos. */
  readonly often?: string;
}

export const SUBJECTS: readonly Subject[] = [
  { key: 'cat', tags: ['cat', 'animal', 'pet', 'kitten'], en: ['cat sleeping on a windowsill', 'tabby cat', 'kitten playing with yarn'], alt: { de: 'Katze schläft auf der Fensterbank', fr: 'Chat endormi sur le rebord de la fenêtre', es: 'Gato durmiendo junto a la ventana', ja: '窓辺で眠る猫', ru: 'Кошка спит на подоконнике', ar: 'قطة نائمة بجانب النافذة', el: 'Γάτα κοιμάται στο περβάζι', zh: '窗台上睡觉的猫' } },
  { key: 'dog', tags: ['dog', 'animal', 'pet', 'puppy'], en: ['dog running on the grass', 'puppy with a red ball', 'old dog resting'], alt: { de: 'Hund rennt über die Wiese', fr: 'Chien qui court dans l’herbe', es: 'Perro corriendo por el césped', ja: '芝生を走る犬', ru: 'Собака бежит по траве', ar: 'كلب يركض على العشب', el: 'Σκύλος τρέχει στο γρασίδι', zh: '在草地上奔跑的狗' } },
  { key: 'mountain', tags: ['mountain', 'landscape', 'nature', 'peak', 'hiking'], en: ['snowy mountain peak', 'mountain range above the clouds', 'hiker on a mountain ridge'], alt: { de: 'Schneebedeckter Berggipfel', fr: 'Sommet de montagne enneigé', es: 'Cumbre de montaña nevada', ja: '雪に覆われた山頂', ru: 'Заснеженная вершина горы', ar: 'قمة جبل مغطاة بالثلج', el: 'Χιονισμένη κορυφή βουνού', zh: '白雪覆盖的山峰' } },
  { key: 'ocean', tags: ['ocean', 'sea', 'water', 'waves', 'nature'], en: ['waves crashing on rocks', 'calm turquoise sea', 'ocean horizon'], alt: { de: 'Wellen brechen an Felsen', fr: 'Vagues qui se brisent sur les rochers', es: 'Olas rompiendo contra las rocas', ja: '岩に打ち寄せる海の波', ru: 'Морские волны разбиваются о скалы', ar: 'أمواج البحر تتكسر على الصخور', el: 'Κύματα της θάλασσας σπάνε στα βράχια', zh: '拍打岩石的海浪' } },
  { key: 'forest', tags: ['forest', 'trees', 'nature', 'woods', 'green'], en: ['path through a pine forest', 'sunlight between tall trees', 'mossy forest floor'], alt: { de: 'Weg durch einen Kiefernwald', fr: 'Sentier à travers une forêt de pins', es: 'Sendero a través de un bosque de pinos', ja: '松林の中の小道', ru: 'Тропинка в сосновом лесу', ar: 'ممر عبر غابة صنوبر', el: 'Μονοπάτι μέσα σε πευκοδάσος', zh: '穿过松林的小路' }, often: 'in autumn' },
  { key: 'city', tags: ['city', 'street', 'urban', 'buildings', 'architecture'], en: ['busy city street', 'skyline with glass towers', 'narrow old town alley'], alt: { de: 'Belebte Straße in der Stadt', fr: 'Rue animée de la ville', es: 'Calle concurrida de la ciudad', ja: '賑やかな街の通り', ru: 'Оживлённая городская улица', ar: 'شارع مزدحم في المدينة', el: 'Πολυσύχναστος δρόμος της πόλης', zh: '繁忙的城市街道' }, often: 'at night' },
  { key: 'coffee', tags: ['coffee', 'cup', 'drink', 'cafe', 'morning'], en: ['cup of coffee on a wooden table', 'latte art', 'barista pouring espresso'], alt: { de: 'Tasse Kaffee auf einem Holztisch', fr: 'Tasse de café sur une table en bois', es: 'Taza de café sobre una mesa de madera', ja: '木のテーブルの上のコーヒー', ru: 'Чашка кофе на деревянном столе', ar: 'فنجان قهوة على طاولة خشبية', el: 'Φλιτζάνι καφέ σε ξύλινο τραπέζι', zh: '木桌上的一杯咖啡' } },
  { key: 'flowers', tags: ['flowers', 'flower', 'spring', 'garden', 'bloom'], en: ['field of red poppies', 'bouquet of tulips', 'cherry blossoms'], alt: { de: 'Feld mit rotem Mohn', fr: 'Champ de coquelicots rouges', es: 'Campo de amapolas rojas', ja: '満開の桜の花', ru: 'Поле красных маков', ar: 'حقل من شقائق النعمان الحمراء', el: 'Χωράφι με κόκκινες παπαρούνες', zh: '盛开的樱花' } },
  { key: 'beach', tags: ['beach', 'sand', 'summer', 'sea', 'vacation'], en: ['empty sandy beach', 'palm trees on the beach', 'footprints in the sand'], alt: { de: 'Leerer Sandstrand', fr: 'Plage de sable déserte', es: 'Playa de arena vacía', ja: '誰もいない砂浜', ru: 'Пустой песчаный пляж', ar: 'شاطئ رملي خال', el: 'Άδεια αμμουδιά', zh: '空旷的沙滩' } },
  { key: 'snow', tags: ['snow', 'winter', 'cold', 'ice'], en: ['snow covered village', 'frozen lake', 'snowflakes on a window'], alt: { de: 'Verschneites Dorf im Winter', fr: 'Village enneigé en hiver', es: 'Pueblo nevado en invierno', ja: '冬の雪に覆われた村', ru: 'Заснеженная деревня зимой', ar: 'قرية مغطاة بالثلج في الشتاء', el: 'Χιονισμένο χωριό τον χειμώνα', zh: '冬天白雪覆盖的村庄' } },
  { key: 'sunset', tags: ['sunset', 'sky', 'dusk', 'golden hour', 'clouds'], en: ['orange sunset over the hills', 'silhouette against a sunset sky', 'sunset clouds'], alt: { de: 'Orangefarbener Sonnenuntergang über den Hügeln', fr: 'Coucher de soleil orange sur les collines', es: 'Atardecer naranja sobre las colinas', ja: '丘の上のオレンジ色の夕日', ru: 'Оранжевый закат над холмами', ar: 'غروب الشمس البرتقالي فوق التلال', el: 'Πορτοκαλί ηλιοβασίλεμα πάνω από τους λόφους', zh: '山丘上的橙色日落' } },
  { key: 'bicycle', tags: ['bicycle', 'bike', 'cycling', 'transport'], en: ['bicycle leaning on a wall', 'cyclist on a country road', 'vintage bike'], alt: { de: 'Fahrrad lehnt an einer Wand', fr: 'Vélo appuyé contre un mur', es: 'Bicicleta apoyada en una pared', ja: '壁に立てかけた自転車', ru: 'Велосипед у стены', ar: 'دراجة مستندة إلى جدار', el: 'Ποδήλατο ακουμπισμένο σε τοίχο', zh: '靠在墙上的自行车' } },
  { key: 'books', tags: ['books', 'book', 'reading', 'library', 'study'], en: ['stack of old books', 'open book with glasses', 'library shelves'], alt: { de: 'Stapel alter Bücher', fr: 'Pile de vieux livres', es: 'Pila de libros antiguos', ja: '積み重ねられた古い本', ru: 'Стопка старых книг', ar: 'كومة من الكتب القديمة', el: 'Στοίβα από παλιά βιβλία', zh: '一摞旧书' } },
  { key: 'food', tags: ['food', 'bread', 'kitchen', 'breakfast', 'meal'], en: ['fresh bread on a cutting board', 'bowl of fruit', 'breakfast table'], alt: { de: 'Frisches Brot auf einem Schneidebrett', fr: 'Pain frais sur une planche à découper', es: 'Pan fresco sobre una tabla de cortar', ja: 'まな板の上の焼きたてのパン', ru: 'Свежий хлеб на разделочной доске', ar: 'خبز طازج على لوح التقطيع', el: 'Φρέσκο ψωμί σε ξύλο κοπής', zh: '砧板上的新鲜面包' } },
  { key: 'bird', tags: ['bird', 'animal', 'wildlife', 'feathers'], en: ['small bird on a branch', 'flock of birds in the sky', 'heron by the lake'], alt: { de: 'Kleiner Vogel auf einem Ast', fr: 'Petit oiseau sur une branche', es: 'Pájaro pequeño en una rama', ja: '枝にとまる小鳥', ru: 'Маленькая птица на ветке', ar: 'طائر صغير على غصن', el: 'Μικρό πουλί σε κλαδί', zh: '树枝上的小鸟' } },
  { key: 'desk', tags: ['desk', 'laptop', 'work', 'office', 'technology'], en: ['laptop on a minimal desk', 'home office setup', 'notebook and pen'], alt: { de: 'Laptop auf einem schlichten Schreibtisch', fr: 'Ordinateur portable sur un bureau épuré', es: 'Portátil sobre un escritorio minimalista', ja: 'シンプルな机の上のノートパソコン', ru: 'Ноутбук на минималистичном столе', ar: 'حاسوب محمول على مكتب بسيط', el: 'Φορητός υπολογιστής σε λιτό γραφείο', zh: '简约书桌上的笔记本电脑' } },
];

export interface Setting {
  readonly text: string;
  readonly tags: readonly string[];
}

export const SETTINGS: readonly Setting[] = [
  { text: 'at sunrise', tags: ['sunrise', 'morning'] },
  { text: 'in the rain', tags: ['rain', 'weather'] },
  { text: 'under a clear blue sky', tags: ['sky', 'blue'] },
  { text: 'on a foggy morning', tags: ['fog', 'morning'] },
  { text: 'in soft light', tags: ['light'] },
  { text: 'at golden hour', tags: ['golden hour'] },
  { text: 'at night', tags: ['night', 'dark'] },
  { text: 'in autumn', tags: ['autumn', 'fall'] },
  { text: 'from above', tags: ['aerial', 'drone'] },
  { text: 'in black and white', tags: ['black and white', 'monochrome'] },
];

export const ADJECTIVES: readonly string[] = [
  'Quiet', 'Bright', 'Moody', 'Colorful', 'Minimal', 'Dramatic', 'Peaceful', 'Vivid', 'Soft', 'Rustic',
];

/** Photographer and videographer names from many places and scripts. */
export const PEOPLE: readonly string[] = [
  'Ana Souza', 'Kenji Tanaka', '山田 花子', 'Олег Петров', 'ليلى حداد', 'Νίκος Παππάς',
  'Chloé Martin', 'Björn Åkesson', "Zoë O'Brien", 'María José García-López', 'Nguyễn Văn An',
  '김민준', 'Priya Sharma', 'Tomasz Wiśniewski', 'Ayşe Yılmaz', 'Jan Novák', 'Li Wei',
  'Emily Chen', 'Mateo Rossi', 'Fatima Zahra', 'Ola Nordmann', 'Eero Mäkinen', 'Sofia Lind',
  'Lucas Moreau', 'Hannah Müller', 'Daniel Kim', 'Aiko Suzuki', 'Ivan Kovalenko', 'Grace Okafor',
  'Diego Ramírez', 'Σοφία Παπαδοπούλου', 'Joey',
];

/** Titles and descriptions of the featured collections, in the order they are listed. */
export interface CollectionPlan {
  readonly title: string;
  readonly description: string | null;
  readonly photos: number;
  readonly videos: number;
  /**
   * Only media whose tags include one of these (when given), those with the most of them first;
   * others only when too few have them.
   */
  readonly tags?: readonly string[];
  /** Among those, media with one of these tags first (City Lights: the city at night). */
  readonly first?: readonly string[];
}

export const FEATURED_PLANS: readonly CollectionPlan[] = [
  { title: 'Everything Nature', description: 'A large mixed collection of landscapes, water and wildlife.', photos: 130, videos: 40, tags: ['landscape', 'nature', 'sea', 'flowers', 'snow', 'sunset', 'wildlife', 'animal'] },
  { title: 'Cats of the World', description: 'Cats, kittens and more cats.', photos: 19, videos: 5, tags: ['cat'] },
  { title: 'Ocean Moods', description: null, photos: 31, videos: 9, tags: ['ocean', 'beach'] },
  { title: 'Just Over a Page', description: 'Exactly one item more than the largest page.', photos: 60, videos: 21 },
  { title: 'Minimal Desk Setups', description: 'Workspaces with very little on them.', photos: 12, videos: 0, tags: ['desk'] },
  { title: 'City Lights', description: 'Streets and skylines after dark.', photos: 7, videos: 5, tags: ['city'], first: ['night'] },
  { title: 'Night Streets', description: 'Tokyo and Osaka after dark.', photos: 7, videos: 2, tags: ['city'], first: ['night'] },
  { title: 'Autumn Colours', description: 'Autumn landscapes and their colours.', photos: 10, videos: 0, tags: ['forest'], first: ['autumn'] },
  { title: 'Moving Water', description: 'Videos only.', photos: 0, videos: 9, tags: ['ocean', 'beach'] },
  { title: 'Single Frame', description: null, photos: 1, videos: 0 },
  { title: 'Coming Soon', description: 'This collection is still empty.', photos: 0, videos: 0 },
  { title: 'Coffee Break', description: 'Cups, beans and cafés.', photos: 16, videos: 4, tags: ['coffee'] },
];

export interface UserCollectionPlan extends CollectionPlan {
  readonly private: boolean;
}

export const USER_PLANS: Readonly<Record<'alice' | 'bob' | 'limited', readonly UserCollectionPlan[]>> = {
  alice: [
    { title: "Alice's Moodboard", description: 'Ideas for the spring campaign.', photos: 14, videos: 6, private: false },
    { title: 'Alice — Private Drafts', description: null, photos: 9, videos: 0, private: true },
    { title: 'Alice Travel Clips', description: 'Short clips from trips.', photos: 0, videos: 5, private: false, tags: ['beach', 'city', 'mountain'] },
    { title: 'Alice Secret Cats', description: 'Not ready to share.', photos: 4, videos: 1, private: true, tags: ['cat'] },
  ],
  bob: [
    { title: "Bob's Backgrounds", description: 'Wide shots for slides.', photos: 12, videos: 0, private: false },
    { title: 'Bob Private Picks', description: null, photos: 5, videos: 2, private: true },
    { title: 'Bob Mountains', description: 'Peaks and ridges.', photos: 3, videos: 1, private: false, tags: ['mountain'] },
  ],
  limited: [
    { title: 'Limited Starter Set', description: 'A few favourites.', photos: 4, videos: 2, private: false },
    { title: 'Limited Private', description: null, photos: 3, videos: 1, private: true },
  ],
};
