import type { Locale } from "~/i18n/config";

/** One text in every interface language. */
export type Localized = Record<Locale, string>;

/** A catalogue category. The list is fixed in the app (the spec's 13 categories, in order). */
export interface Category {
  /** "1".."13" */
  id: string;
  slug: string;
  name: Localized;
  /** One sentence of shop copy. */
  description: Localized;
  /** Two short badges for the category hero (currency-neutral). */
  badges: [Localized, Localized];
  /**
   * Colours of the themed hero gradient. All three are dark enough for white text
   * (contrast ratio >= 4.5 against #ffffff).
   */
  colors: { from: string; to: string; accent: string };
}

export const categories: readonly Category[] = [
  {
    id: "1",
    slug: "office-gifts",
    name: { de: "Bürogeschenke", en: "Office Gifts", fr: "Cadeaux de bureau", ar: "هدايا المكتب" },
    description: {
      de: "Stilvolle Geschenke für Kollegen, Kunden und Teams – liebevoll verpackt und sofort bereit zum Überreichen.",
      en: "Stylish gifts for colleagues, clients and teams – beautifully wrapped and ready to hand over.",
      fr: "Des cadeaux élégants pour collègues, clients et équipes, joliment emballés et prêts à offrir.",
      ar: "هدايا أنيقة للزملاء والعملاء وفرق العمل، مغلفة بعناية وجاهزة للتقديم.",
    },
    badges: [
      { de: "Gratis Geschenkverpackung", en: "Free gift wrapping", fr: "Emballage cadeau offert", ar: "تغليف هدايا مجاني" },
      { de: "Persönliche Grußkarte", en: "Personal greeting card", fr: "Carte de vœux personnalisée", ar: "بطاقة تهنئة شخصية" },
    ],
    colors: { from: "#be123c", to: "#881337", accent: "#9f1239" },
  },
  {
    id: "2",
    slug: "productivity-work",
    name: { de: "Produktivität & Arbeit", en: "Productivity & Work", fr: "Productivité & travail", ar: "الإنتاجية والعمل" },
    description: {
      de: "Durchdachte Werkzeuge für konzentriertes Arbeiten, klare Planung und einen ergonomischen Arbeitsplatz.",
      en: "Smart tools for focused work, clear planning and an ergonomic workplace.",
      fr: "Des outils bien pensés pour travailler concentré, planifier clairement et s'installer de façon ergonomique.",
      ar: "أدوات ذكية للعمل بتركيز والتخطيط بوضوح وتهيئة مكان عمل مريح.",
    },
    badges: [
      { de: "Ergonomisch geprüft", en: "Ergonomically tested", fr: "Ergonomie testée", ar: "تصميم مريح ومُختبَر" },
      { de: "Für mehr Fokus", en: "Built for focus", fr: "Pour plus de concentration", ar: "لتركيز أعلى" },
    ],
    colors: { from: "#1d4ed8", to: "#1e3a8a", accent: "#1e40af" },
  },
  {
    id: "3",
    slug: "luxury-comfort",
    name: { de: "Luxus & Komfort", en: "Luxury & Comfort", fr: "Luxe & confort", ar: "الفخامة والراحة" },
    description: {
      de: "Edle Materialien und spürbarer Komfort für alle, die sich ihren Arbeitsplatz besonders schön machen möchten.",
      en: "Fine materials and real comfort for anyone who wants a truly beautiful place to work.",
      fr: "Des matières nobles et un vrai confort pour ceux qui veulent un espace de travail d'exception.",
      ar: "خامات راقية وراحة حقيقية لكل من يريد مكان عمل فاخرًا بحق.",
    },
    badges: [
      { de: "Premium-Materialien", en: "Premium materials", fr: "Matériaux haut de gamme", ar: "خامات فاخرة" },
      { de: "5 Jahre Garantie", en: "5-year warranty", fr: "Garantie 5 ans", ar: "ضمان 5 سنوات" },
    ],
    colors: { from: "#a16207", to: "#713f12", accent: "#854d0e" },
  },
  {
    id: "4",
    slug: "coffee-tea",
    name: { de: "Kaffee & Tee", en: "Coffee & Tea", fr: "Café & thé", ar: "القهوة والشاي" },
    description: {
      de: "Alles für die perfekte Kaffee- und Teepause – von der Espressomaschine bis zum Thermobecher.",
      en: "Everything for the perfect coffee and tea break, from espresso machines to thermos mugs.",
      fr: "Tout pour la pause café ou thé idéale, de la machine à expresso au mug isotherme.",
      ar: "كل ما تحتاجه لاستراحة قهوة وشاي مثالية، من ماكينة الإسبريسو إلى الكوب الحراري.",
    },
    badges: [
      { de: "Ideal für die Büroküche", en: "Made for office kitchens", fr: "Idéal pour la cuisine du bureau", ar: "مثالي لمطبخ المكتب" },
      { de: "Barista-Qualität", en: "Barista quality", fr: "Qualité barista", ar: "جودة الباريستا" },
    ],
    colors: { from: "#92400e", to: "#451a03", accent: "#78350f" },
  },
  {
    id: "5",
    slug: "decor-walls",
    name: { de: "Deko & Wände", en: "Decor & Walls", fr: "Déco & murs", ar: "الديكور والجدران" },
    description: {
      de: "Kunstdrucke, Akustikpaneele und Wanduhren, die jedem Büro Charakter und eine angenehme Atmosphäre geben.",
      en: "Art prints, acoustic panels and wall clocks that give every office character and a pleasant atmosphere.",
      fr: "Affiches d'art, panneaux acoustiques et horloges murales qui donnent du caractère et une ambiance agréable à chaque bureau.",
      ar: "لوحات فنية وألواح عازلة للصوت وساعات حائط تمنح كل مكتب طابعًا مميزًا وأجواءً مريحة.",
    },
    badges: [
      { de: "Kuratierte Designs", en: "Curated designs", fr: "Designs sélectionnés", ar: "تصاميم مختارة بعناية" },
      { de: "Einfache Montage", en: "Easy mounting", fr: "Fixation facile", ar: "تركيب سهل" },
    ],
    colors: { from: "#7c3aed", to: "#4c1d95", accent: "#6d28d9" },
  },
  {
    id: "6",
    slug: "home-office",
    name: { de: "Homeoffice", en: "Home Office", fr: "Bureau à domicile", ar: "المكتب المنزلي" },
    description: {
      de: "Schreibtische, Stühle und Licht für ein Homeoffice, in dem Sie genauso gut arbeiten wie im Büro.",
      en: "Desks, chairs and lighting for a home office where you work just as well as in the office.",
      fr: "Bureaux, sièges et éclairage pour un espace de télétravail aussi efficace qu'au bureau.",
      ar: "مكاتب وكراسٍ وإضاءة لمكتب منزلي تعمل فيه بكفاءة لا تقل عن المكتب.",
    },
    badges: [
      { de: "Platzsparend", en: "Space-saving", fr: "Gain de place", ar: "موفر للمساحة" },
      { de: "Schnelle Lieferung", en: "Fast delivery", fr: "Livraison rapide", ar: "توصيل سريع" },
    ],
    colors: { from: "#0f766e", to: "#134e4a", accent: "#115e59" },
  },
  {
    id: "7",
    slug: "audio-ambiance",
    name: { de: "Audio & Ambiente", en: "Audio & Ambiance", fr: "Audio & ambiance", ar: "الصوت والأجواء" },
    description: {
      de: "Kopfhörer, Lautsprecher und Stimmungslicht für konzentrierte Ruhe oder die richtige Hintergrundmusik.",
      en: "Headphones, speakers and ambient light for focused quiet or just the right background music.",
      fr: "Casques, enceintes et lumières d'ambiance pour un calme studieux ou la bonne musique de fond.",
      ar: "سماعات ومكبرات صوت وإضاءة هادئة لتركيز في سكينة أو لموسيقى خلفية مناسبة.",
    },
    badges: [
      { de: "Klarer Klang", en: "Crystal-clear sound", fr: "Son cristallin", ar: "صوت نقي" },
      { de: "Ruhe auf Knopfdruck", en: "Calm at the touch of a button", fr: "Le calme en un clic", ar: "هدوء بلمسة زر" },
    ],
    colors: { from: "#4338ca", to: "#312e81", accent: "#3730a3" },
  },
  {
    id: "8",
    slug: "office-plants",
    name: { de: "Büropflanzen", en: "Office Plants", fr: "Plantes de bureau", ar: "نباتات المكتب" },
    description: {
      de: "Pflegeleichte Pflanzen und Moosbilder, die Grün an den Arbeitsplatz bringen und die Stimmung heben.",
      en: "Easy-care plants and moss art that bring greenery to the workplace and lift the mood.",
      fr: "Des plantes faciles à vivre et des tableaux végétaux qui apportent de la verdure et de la bonne humeur au bureau.",
      ar: "نباتات سهلة العناية ولوحات من الطحالب تضفي الخضرة على مكان العمل وتحسّن المزاج.",
    },
    badges: [
      { de: "Pflegeleicht", en: "Easy care", fr: "Entretien facile", ar: "سهلة العناية" },
      { de: "Bessere Raumluft", en: "Fresher air", fr: "Air plus frais", ar: "هواء أنقى" },
    ],
    colors: { from: "#15803d", to: "#14532d", accent: "#166534" },
  },
  {
    id: "9",
    slug: "sustainable-supplies",
    name: { de: "Nachhaltiger Bürobedarf", en: "Sustainable Supplies", fr: "Fournitures durables", ar: "مستلزمات مستدامة" },
    description: {
      de: "Bürobedarf aus recycelten und nachwachsenden Materialien – gut für Ihren Arbeitsplatz und die Umwelt.",
      en: "Office supplies made from recycled and renewable materials – good for your desk and the planet.",
      fr: "Des fournitures en matériaux recyclés et renouvelables, bonnes pour votre bureau comme pour la planète.",
      ar: "لوازم مكتبية مصنوعة من مواد معاد تدويرها ومتجددة، مفيدة لمكتبك ولكوكبنا.",
    },
    badges: [
      { de: "Recycelte Materialien", en: "Recycled materials", fr: "Matériaux recyclés", ar: "مواد معاد تدويرها" },
      { de: "Plastikarm verpackt", en: "Low-plastic packaging", fr: "Emballage sans plastique superflu", ar: "تغليف قليل البلاستيك" },
    ],
    colors: { from: "#4d7c0f", to: "#365314", accent: "#3f6212" },
  },
  {
    id: "10",
    slug: "storage-organization",
    name: {
      de: "Aufbewahrung & Organisation",
      en: "Storage & Organization",
      fr: "Rangement & organisation",
      ar: "التخزين والتنظيم",
    },
    description: {
      de: "Container, Regale und Ordnungshelfer, mit denen jeder Gegenstand seinen festen Platz findet.",
      en: "Pedestals, shelves and organizers that give every item its proper place.",
      fr: "Caissons, étagères et organiseurs pour que chaque objet trouve sa place.",
      ar: "خزائن أدراج ورفوف ومنظمات تمنح كل غرض مكانه المناسب.",
    },
    badges: [
      { de: "Modular erweiterbar", en: "Modular & expandable", fr: "Modulable et extensible", ar: "تصميم معياري قابل للتوسعة" },
      { de: "Ordnung in Minuten", en: "Tidy in minutes", fr: "Rangé en quelques minutes", ar: "ترتيب في دقائق" },
    ],
    colors: { from: "#475569", to: "#1e293b", accent: "#334155" },
  },
  {
    id: "11",
    slug: "kids-teens",
    name: { de: "Kinder & Jugendliche", en: "Kids & Teens", fr: "Enfants & ados", ar: "الأطفال والمراهقون" },
    description: {
      de: "Mitwachsende Möbel und fröhliche Schulsachen für Hausaufgaben, die Spaß machen.",
      en: "Furniture that grows with them and cheerful school supplies that make homework fun.",
      fr: "Des meubles évolutifs et des fournitures colorées pour des devoirs qui font plaisir.",
      ar: "أثاث ينمو مع أطفالك ولوازم مدرسية مبهجة تجعل الواجبات ممتعة.",
    },
    badges: [
      { de: "Wächst mit", en: "Grows with your child", fr: "Évolutif", ar: "ينمو مع طفلك" },
      { de: "Geprüfte Sicherheit", en: "Safety tested", fr: "Sécurité testée", ar: "أمان مُختبَر" },
    ],
    colors: { from: "#c2410c", to: "#9a3412", accent: "#9a3412" },
  },
  {
    id: "12",
    slug: "seasonal-gifts",
    name: { de: "Saisonales & Geschenke", en: "Seasonal & Gifts", fr: "Saisonnier & cadeaux", ar: "المواسم والهدايا" },
    description: {
      de: "Festliche Geschenke und Dekoration für Advent, Feiertage und jeden Anlass im Büro.",
      en: "Festive gifts and decorations for Advent, the holidays and every occasion at the office.",
      fr: "Cadeaux et décorations festifs pour l'Avent, les fêtes et toutes les occasions au bureau.",
      ar: "هدايا وزينة احتفالية للأعياد والمواسم وكل مناسبة في المكتب.",
    },
    badges: [
      { de: "Limitierte Edition", en: "Limited edition", fr: "Édition limitée", ar: "إصدار محدود" },
      { de: "Gratis Geschenkverpackung", en: "Free gift wrapping", fr: "Emballage cadeau offert", ar: "تغليف هدايا مجاني" },
    ],
    colors: { from: "#b91c1c", to: "#166534", accent: "#991b1b" },
  },
  {
    id: "13",
    slug: "budget-deals",
    name: { de: "Schnäppchen", en: "Budget Deals", fr: "Bonnes affaires", ar: "عروض اقتصادية" },
    description: {
      de: "Solider Bürobedarf zu kleinen Preisen – ideal, um Vorräte aufzufüllen, ohne das Budget zu sprengen.",
      en: "Solid office supplies at small prices – ideal for restocking without breaking the budget.",
      fr: "Des fournitures de bureau fiables à petits prix, idéales pour refaire le stock sans exploser le budget.",
      ar: "لوازم مكتبية متينة بأسعار زهيدة، مثالية لتجديد المخزون دون تجاوز الميزانية.",
    },
    badges: [
      { de: "Top-Preis-Leistung", en: "Great value", fr: "Excellent rapport qualité-prix", ar: "أفضل قيمة مقابل السعر" },
      { de: "Dauerhaft günstig", en: "Everyday low prices", fr: "Petits prix toute l'année", ar: "أسعار منخفضة دائمًا" },
    ],
    colors: { from: "#0369a1", to: "#0c4a6e", accent: "#075985" },
  },
];

export const categorySlugs = categories.map((c) => c.slug);

/** Lowercase, with all hyphens and whitespace removed: "Office-Gifts " → "officegifts". */
export function normalizeCategoryKey(value: string): string {
  return value.toLowerCase().replace(/[-\s]+/g, "");
}

/**
 * The category a slug (or English name) refers to: an exact, case-insensitive slug match first,
 * then a match ignoring hyphens and whitespace ("Office Gifts", "OFFICEGIFTS" → office-gifts).
 */
export function findCategory(value: string | null | undefined): Category | undefined {
  if (typeof value !== "string") return undefined;
  const lower = value.trim().toLowerCase();
  if (lower === "") return undefined;
  const exact = categories.find((c) => c.slug === lower);
  if (exact) return exact;
  const key = normalizeCategoryKey(value);
  if (key === "") return undefined;
  return (
    categories.find((c) => normalizeCategoryKey(c.slug) === key) ??
    categories.find((c) => normalizeCategoryKey(c.name.en) === key)
  );
}

/**
 * The categories a search text names: its slug or its name in any interface language, compared
 * case-insensitively and ignoring hyphens and whitespace ("kaffee & tee", "Café & thé",
 * "coffee-tea" → coffee-tea). A search chip sends the category's name as the query.
 */
export function categoriesNamedBy(query: string | null | undefined): Category[] {
  if (typeof query !== "string") return [];
  const key = normalizeCategoryKey(query.trim());
  if (key === "") return [];
  return categories.filter(
    (c) => normalizeCategoryKey(c.slug) === key || Object.values(c.name).some((name) => normalizeCategoryKey(name) === key),
  );
}

/** The category's name in the given language (English as a fallback). */
export function categoryName(category: Category, locale: Locale): string {
  return category.name[locale] || category.name.en;
}
