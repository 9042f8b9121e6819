#!/usr/bin/env node
// Generates supabase/seed.sql (the demo catalogue and offers) from the data below.
//
//   node scripts/generate-demo-catalogue.mjs
//
// Each product lists its English/German/French/Arabic texts, its EUR price (CHF and the base price
// are derived; `originalEur`: the product is on sale at `eur`, its regular price is `originalEur`),
// stock, tags and artwork. The price history (§ 11 PAngV) is seeded too: see priceHistorySql. `art` names the drawer in scripts/generate-product-art.mjs;
// `colors` are the item colours of its images: one image per colour (the first is the main image).
// Product ids are fixed (stable for tests and for the offers that link to products).
// The file is also imported by generate-product-art.mjs, so it only writes when run directly.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

/** @typedef {{ en: string, de: string, fr: string, ar: string }} L */

// prettier-ignore
export const products = [
  // ───────────────────────── 1 office-gifts ─────────────────────────
  {
    key: "executive-pen-gift-set", category: "office-gifts", art: "pens", opt: "case",
    colors: ["#1f2937", "#92400e", "#1e3a8a"], eur: 49.9, stock: 34, featured: true,
    tags: ["geschenk", "pen", "kugelschreiber", "executive"],
    name: { en: "Executive Pen Gift Set", de: "Executive-Schreibset im Geschenketui", fr: "Coffret stylos Executive", ar: "طقم أقلام فاخر في علبة هدايا" },
    description: {
      en: "A weighty brass ballpoint and a matching rollerball rest in a walnut case lined with soft felt. The German-made refills write up to 4,000 metres, and the lid can be engraved on request. A gift that stays on the desk for years.",
      de: "Ein schwerer Messing-Kugelschreiber und ein passender Tintenroller liegen in einem mit Filz ausgekleideten Nussbaum-Etui. Die Minen aus deutscher Fertigung schreiben bis zu 4.000 Meter, der Deckel lässt sich auf Wunsch gravieren. Ein Geschenk, das jahrelang auf dem Schreibtisch bleibt.",
      fr: "Un stylo à bille en laiton et son roller assorti reposent dans un étui en noyer doublé de feutre. Les recharges fabriquées en Allemagne écrivent jusqu'à 4 000 mètres et le couvercle peut être gravé sur demande. Un cadeau qui reste sur le bureau pendant des années.",
      ar: "قلم حبر جاف ثقيل من النحاس وقلم رولر مطابق له داخل علبة من خشب الجوز مبطنة باللباد الناعم. تكتب العبوات الألمانية الصنع حتى 4000 متر، ويمكن نقش الغطاء عند الطلب. هدية تبقى على المكتب لسنوات.",
    },
  },
  {
    key: "leather-desk-organizer-gift-box", category: "office-gifts", art: "organizer",
    colors: ["#9a3412"], eur: 59, stock: 18,
    tags: ["leder", "organizer", "geschenk", "desk"],
    name: { en: "Leather Desk Organizer Gift Box", de: "Leder-Schreibtischorganizer in Geschenkbox", fr: "Organiseur de bureau en cuir en coffret", ar: "منظم مكتب جلدي في علبة هدايا" },
    description: {
      en: "This vegetable-tanned leather organizer keeps pens, business cards and a phone in neat compartments. It arrives in a ribbon-tied gift box, ready to hand over to a colleague or client.",
      de: "Der Organizer aus pflanzlich gegerbtem Leder hält Stifte, Visitenkarten und das Smartphone in übersichtlichen Fächern. Er wird in einer Geschenkbox mit Schleife geliefert – bereit zum Überreichen an Kollegen oder Kunden.",
      fr: "Cet organiseur en cuir tanné végétal range stylos, cartes de visite et téléphone dans des compartiments bien pensés. Il est livré dans une boîte cadeau nouée d'un ruban, prêt à être offert à un collègue ou à un client.",
      ar: "يحفظ هذا المنظم المصنوع من الجلد المدبوغ نباتيًا الأقلام وبطاقات العمل والهاتف في أقسام مرتبة. يصل في علبة هدايا مربوطة بشريط، جاهزًا لتقديمه لزميل أو عميل.",
    },
  },
  {
    key: "engraved-bamboo-desk-clock", category: "office-gifts", art: "clock", opt: "desk",
    colors: ["#d6a760"], eur: 34.9, stock: 3,
    tags: ["uhr", "clock", "bambus", "gravur"],
    name: { en: "Engraved Bamboo Desk Clock", de: "Bambus-Tischuhr mit Gravur", fr: "Horloge de bureau en bambou gravée", ar: "ساعة مكتب من الخيزران مع نقش" },
    description: {
      en: "A silent quartz clock set in solid bamboo, with space on the base for a personal engraving. The sweep movement makes no ticking sound, so it suits quiet offices and meeting rooms.",
      de: "Eine lautlose Quarzuhr in massivem Bambus, mit Platz für eine persönliche Gravur am Sockel. Das schleichende Uhrwerk tickt nicht und passt daher in ruhige Büros und Besprechungsräume.",
      fr: "Une horloge à quartz silencieuse dans un boîtier en bambou massif, avec un socle prévu pour une gravure personnalisée. Son mouvement continu ne fait aucun tic-tac, idéal pour les bureaux calmes et les salles de réunion.",
      ar: "ساعة كوارتز صامتة في إطار من الخيزران الطبيعي، مع مساحة على القاعدة لنقش شخصي. حركتها الانسيابية لا تصدر أي تكتكة، لذا تناسب المكاتب الهادئة وغرف الاجتماعات.",
    },
  },
  {
    key: "premium-notebook-pen-gift-set", category: "office-gifts", art: "notebook",
    colors: ["#0f766e", "#be123c"], eur: 29.9, originalEur: 39.9, stock: 42,
    tags: ["notizbuch", "notebook", "geschenk", "stift"],
    name: { en: "Premium Notebook & Pen Gift Set", de: "Premium-Notizbuch mit Stift im Geschenkset", fr: "Coffret carnet premium et stylo", ar: "طقم هدايا دفتر فاخر مع قلم" },
    description: {
      en: "A linen-bound A5 notebook with 192 pages of 100 g/m² dotted paper, paired with a matching gel pen. Lay-flat binding, a ribbon marker and an expandable back pocket make it a favourite for meetings.",
      de: "Ein in Leinen gebundenes A5-Notizbuch mit 192 Seiten gepunktetem 100-g/m²-Papier und passendem Gelschreiber. Die flach aufliegende Bindung, ein Lesebändchen und eine Falttasche hinten machen es zum Liebling in jedem Meeting.",
      fr: "Un carnet A5 relié en lin de 192 pages en papier pointillé 100 g/m², accompagné d'un stylo gel assorti. Sa reliure à plat, son signet et sa pochette extensible en font un allié de toutes les réunions.",
      ar: "دفتر بحجم A5 بغلاف من الكتان يضم 192 صفحة من ورق منقّط بوزن 100 غ/م²، مع قلم جل مطابق. التجليد الذي ينفتح بشكل مسطح وشريط الإشارة والجيب الخلفي القابل للتوسع تجعله رفيقًا مثاليًا في الاجتماعات.",
    },
  },
  {
    key: "thank-you-office-gift-box", category: "office-gifts", art: "giftbox",
    colors: ["#be123c"], eur: 39.9, stock: 0,
    tags: ["geschenkbox", "dankeschön", "gift", "team"],
    name: { en: "Thank-You Office Gift Box", de: "Dankeschön-Geschenkbox fürs Büro", fr: "Coffret cadeau « Merci » pour le bureau", ar: "صندوق هدايا الشكر للمكتب" },
    description: {
      en: "A curated box with fair-trade chocolate, a ceramic mug, a scented candle and a blank greeting card. A simple way to thank a team member, a client or a new colleague.",
      de: "Eine liebevoll zusammengestellte Box mit Fairtrade-Schokolade, Keramikbecher, Duftkerze und einer Grußkarte zum Selbstbeschriften. So sagen Sie Teammitgliedern, Kunden oder neuen Kollegen ganz einfach Danke.",
      fr: "Une box composée de chocolat équitable, d'un mug en céramique, d'une bougie parfumée et d'une carte de vœux vierge. Une façon simple de remercier un membre de l'équipe, un client ou un nouveau collègue.",
      ar: "صندوق منتقى بعناية يضم شوكولاتة من التجارة العادلة وكوبًا من السيراميك وشمعة معطرة وبطاقة تهنئة فارغة. طريقة بسيطة لشكر أحد أعضاء الفريق أو عميل أو زميل جديد.",
    },
  },

  // ───────────────────────── 2 productivity-work ─────────────────────────
  {
    key: "height-adjustable-standing-desk", category: "productivity-work", art: "desk", opt: "standing",
    colors: ["#d6a760", "#f1f5f9", "#334155"], eur: 449, originalEur: 599, stock: 12, featured: true,
    tags: ["schreibtisch", "standing desk", "ergonomie", "höhenverstellbar"],
    name: { en: "Height-Adjustable Standing Desk", de: "Elektrisch höhenverstellbarer Schreibtisch", fr: "Bureau assis-debout réglable en hauteur", ar: "مكتب وقوف قابل لتعديل الارتفاع" },
    description: {
      en: "Two quiet motors lift the 160 × 80 cm top from 62 to 127 cm in seconds, and four memory presets store your favourite heights. The steel frame carries up to 120 kg and the anti-collision sensor stops the desk if it meets resistance.",
      de: "Zwei leise Motoren bewegen die 160 × 80 cm große Platte in Sekunden von 62 auf 127 cm, vier Memory-Tasten speichern Ihre Lieblingshöhen. Das Stahlgestell trägt bis zu 120 kg, und der Kollisionsschutz stoppt den Tisch bei Widerstand.",
      fr: "Deux moteurs silencieux élèvent le plateau de 160 × 80 cm de 62 à 127 cm en quelques secondes, et quatre mémoires enregistrent vos hauteurs préférées. Le piètement en acier supporte jusqu'à 120 kg et le capteur anticollision arrête le bureau en cas d'obstacle.",
      ar: "يرفع محركان هادئان سطح المكتب بقياس 160 × 80 سم من 62 إلى 127 سم في ثوانٍ، وتحفظ أربعة أزرار ذاكرة ارتفاعاتك المفضلة. يتحمل الهيكل الفولاذي حتى 120 كغ، ويوقف مستشعر منع الاصطدام المكتب عند وجود عائق.",
    },
  },
  {
    key: "weekly-desk-planner-pad", category: "productivity-work", art: "planner",
    colors: ["#1d4ed8"], eur: 14.9, stock: 65,
    tags: ["planer", "planner", "wochenplan", "papier"],
    name: { en: "Weekly Desk Planner Pad", de: "Wochenplaner-Block für den Schreibtisch", fr: "Bloc planning hebdomadaire de bureau", ar: "دفتر تخطيط أسبوعي للمكتب" },
    description: {
      en: "Fifty-two tear-off sheets give every week a clear layout with priorities, appointments and a notes column. The pad lies flat next to the keyboard and is printed on FSC-certified paper.",
      de: "52 Abreißblätter geben jeder Woche eine klare Struktur mit Prioritäten, Terminen und Notizspalte. Der Block liegt flach neben der Tastatur und ist auf FSC-zertifiziertem Papier gedruckt.",
      fr: "Cinquante-deux feuilles détachables offrent à chaque semaine une structure claire : priorités, rendez-vous et colonne de notes. Le bloc se pose à plat à côté du clavier et est imprimé sur papier certifié FSC.",
      ar: "يضم 52 ورقة قابلة للنزع تمنح كل أسبوع تنظيمًا واضحًا للأولويات والمواعيد مع عمود للملاحظات. يستقر الدفتر بشكل مسطح بجانب لوحة المفاتيح، وهو مطبوع على ورق حاصل على شهادة FSC.",
    },
  },
  {
    key: "ergonomic-vertical-wireless-mouse", category: "productivity-work", art: "mouse",
    colors: ["#334155", "#e2e8f0"], eur: 44.9, originalEur: 54.9, stock: 38,
    tags: ["maus", "mouse", "ergonomie", "wireless"],
    name: { en: "Ergonomic Vertical Wireless Mouse", de: "Ergonomische vertikale Funkmaus", fr: "Souris verticale ergonomique sans fil", ar: "فأرة لاسلكية عمودية مريحة" },
    description: {
      en: "The 57° vertical grip keeps your forearm in a natural handshake position and relieves the wrist during long working days. It connects via Bluetooth or USB receiver and runs for up to 70 days on one charge.",
      de: "Der vertikale Griff im 57°-Winkel hält den Unterarm in natürlicher Handschlagposition und entlastet das Handgelenk an langen Arbeitstagen. Die Maus verbindet sich per Bluetooth oder USB-Empfänger und hält mit einer Akkuladung bis zu 70 Tage.",
      fr: "La prise verticale à 57° maintient l'avant-bras dans une position naturelle de poignée de main et soulage le poignet pendant les longues journées. Elle se connecte en Bluetooth ou via récepteur USB et tient jusqu'à 70 jours avec une seule charge.",
      ar: "تحافظ القبضة العمودية بزاوية 57° على ساعدك في وضعية مصافحة طبيعية وتخفف الضغط عن المعصم خلال أيام العمل الطويلة. تتصل عبر البلوتوث أو مستقبل USB وتعمل حتى 70 يومًا بشحنة واحدة.",
    },
  },
  {
    key: "aluminium-laptop-stand", category: "productivity-work", art: "laptopstand",
    colors: ["#94a3b8"], eur: 39.9, stock: 4,
    tags: ["laptopständer", "laptop stand", "aluminium", "ergonomie"],
    name: { en: "Aluminium Laptop Stand", de: "Laptopständer aus Aluminium", fr: "Support pour ordinateur portable en aluminium", ar: "حامل لابتوب من الألمنيوم" },
    description: {
      en: "Raises the screen to eye level in six steps and folds flat enough to slip into a laptop sleeve. Silicone pads protect the device and the open design helps keep it cool.",
      de: "Hebt den Bildschirm in sechs Stufen auf Augenhöhe und lässt sich so flach zusammenklappen, dass er in jede Laptophülle passt. Silikonpads schützen das Gerät, und die offene Bauweise sorgt für Kühlung.",
      fr: "Il hisse l'écran à hauteur des yeux en six positions et se replie assez à plat pour glisser dans une housse. Des patins en silicone protègent l'appareil et la structure ouverte favorise son refroidissement.",
      ar: "يرفع الشاشة إلى مستوى العين عبر ست درجات، وينطوي بشكل مسطح يكفي لوضعه في حقيبة اللابتوب. تحمي الوسادات السيليكونية الجهاز، ويساعد التصميم المفتوح على تبريده.",
    },
  },
  {
    key: "magnetic-whiteboard-90x60", category: "productivity-work", art: "whiteboard",
    colors: ["#1d4ed8"], eur: 79.9, stock: 21,
    tags: ["whiteboard", "magnettafel", "meeting", "planung"],
    name: { en: "Magnetic Whiteboard 90 × 60 cm", de: "Magnetisches Whiteboard 90 × 60 cm", fr: "Tableau blanc magnétique 90 × 60 cm", ar: "سبورة بيضاء مغناطيسية 90 × 60 سم" },
    description: {
      en: "A lacquered steel surface that wipes clean without ghosting, in a slim aluminium frame with a pen tray. Mount it landscape or portrait; markers and six magnets are included.",
      de: "Eine lackierte Stahloberfläche, die sich rückstandslos abwischen lässt, im schlanken Aluminiumrahmen mit Stiftablage. Quer oder hochkant montierbar – Marker und sechs Magnete sind inklusive.",
      fr: "Une surface en acier laqué qui s'efface sans laisser de traces, dans un fin cadre en aluminium avec auget. Fixation à l'horizontale ou à la verticale ; marqueurs et six aimants inclus.",
      ar: "سطح من الفولاذ المطلي يُمسح بسهولة دون ترك آثار، داخل إطار رفيع من الألمنيوم مع حامل للأقلام. يمكن تثبيتها أفقيًا أو عموديًا، وتشمل العبوة أقلامًا وستة مغناطيسات.",
    },
  },

  // ───────────────────────── 3 luxury-comfort ─────────────────────────
  {
    key: "executive-leather-office-chair", category: "luxury-comfort", art: "chair", opt: "exec",
    colors: ["#3f2a1d", "#7c2d12", "#1f2937"], eur: 899, originalEur: 1099, stock: 6, featured: true,
    tags: ["chefsessel", "leder", "chair", "ergonomie", "luxus"],
    name: { en: "Executive Leather Office Chair", de: "Chefsessel aus Vollnarbenleder", fr: "Fauteuil de direction en cuir pleine fleur", ar: "كرسي مدير من الجلد الطبيعي" },
    description: {
      en: "Full-grain leather, pocket-spring upholstery and a polished aluminium base make this chair the centrepiece of any executive office. Synchro tilt, adjustable lumbar support and 4D armrests keep you comfortable through long meetings.",
      de: "Vollnarbenleder, Taschenfederpolsterung und ein polierter Aluminiumfuß machen diesen Sessel zum Mittelpunkt jedes Chefbüros. Synchronmechanik, verstellbare Lordosenstütze und 4D-Armlehnen sorgen auch in langen Meetings für Komfort.",
      fr: "Cuir pleine fleur, rembourrage à ressorts ensachés et piétement en aluminium poli font de ce fauteuil la pièce maîtresse de tout bureau de direction. Mécanisme synchrone, soutien lombaire réglable et accoudoirs 4D assurent le confort pendant les longues réunions.",
      ar: "الجلد الطبيعي الكامل والحشوة بالنوابض المغلفة والقاعدة من الألمنيوم المصقول تجعل هذا الكرسي محور أي مكتب تنفيذي. توفر آلية الإمالة المتزامنة ودعامة أسفل الظهر القابلة للتعديل ومساند الذراعين رباعية الأبعاد راحة تامة خلال الاجتماعات الطويلة.",
    },
  },
  {
    key: "memory-foam-seat-cushion", category: "luxury-comfort", art: "cushion",
    colors: ["#57534e"], eur: 49.9, stock: 55,
    tags: ["sitzkissen", "cushion", "memory foam", "komfort"],
    name: { en: "Memory-Foam Seat Cushion", de: "Sitzkissen aus Memory-Schaum", fr: "Coussin d'assise à mémoire de forme", ar: "وسادة مقعد من الإسفنج الذكي" },
    description: {
      en: "Contoured memory foam relieves pressure on the tailbone and spreads your weight evenly. The breathable velour cover is removable and machine washable, and a non-slip base keeps the cushion in place.",
      de: "Der konturierte Memory-Schaum entlastet das Steißbein und verteilt das Gewicht gleichmäßig. Der atmungsaktive Velours-Bezug ist abnehmbar und waschbar, eine rutschfeste Unterseite hält das Kissen an seinem Platz.",
      fr: "La mousse à mémoire de forme profilée soulage le coccyx et répartit le poids de façon homogène. La housse en velours respirante est amovible et lavable en machine, et une base antidérapante maintient le coussin en place.",
      ar: "يخفف الإسفنج الذكي المنحني الضغط عن عظمة العصعص ويوزع الوزن بالتساوي. الغطاء المخملي القابل للتنفس يمكن نزعه وغسله في الغسالة، وتحافظ القاعدة المانعة للانزلاق على ثبات الوسادة.",
    },
  },
  {
    key: "merino-wool-office-blanket", category: "luxury-comfort", art: "blanket",
    colors: ["#b45309", "#64748b"], eur: 119, stock: 14,
    tags: ["decke", "merino", "blanket", "wolle"],
    name: { en: "Merino Wool Office Blanket", de: "Bürodecke aus Merinowolle", fr: "Plaid de bureau en laine mérinos", ar: "بطانية مكتب من صوف المارينو" },
    description: {
      en: "Woven from soft, mulesing-free merino wool, this throw keeps you warm in air-conditioned offices without overheating. At 130 × 170 cm it drapes over a chair and folds small enough for a desk drawer.",
      de: "Die Decke aus weicher, mulesingfreier Merinowolle wärmt in klimatisierten Büros, ohne dass Sie ins Schwitzen geraten. Mit 130 × 170 cm passt sie über jede Stuhllehne und lässt sich klein in einer Schublade verstauen.",
      fr: "Tissé en laine mérinos douce et sans mulesing, ce plaid vous tient chaud dans les bureaux climatisés sans surchauffe. Avec ses 130 × 170 cm, il se pose sur un dossier et se plie assez petit pour un tiroir.",
      ar: "منسوجة من صوف المارينو الناعم الخالي من عمليات الميولسينغ، تمنحك الدفء في المكاتب المكيفة دون أن تشعر بالحر. بمقاس 130 × 170 سم تُلقى على ظهر الكرسي وتُطوى لتتسع في درج المكتب.",
    },
  },
  {
    key: "heated-ergonomic-foot-rest", category: "luxury-comfort", art: "footrest",
    colors: ["#78716c"], eur: 89.9, stock: 0,
    tags: ["fußstütze", "footrest", "wärme", "komfort"],
    name: { en: "Heated Ergonomic Foot Rest", de: "Beheizbare ergonomische Fußstütze", fr: "Repose-pieds ergonomique chauffant", ar: "مسند قدمين مريح مع تدفئة" },
    description: {
      en: "The tilting platform encourages gentle movement while three heat levels warm cold feet in winter. The plush cover comes off for washing and the heating switches off automatically after two hours.",
      de: "Die kippbare Plattform fördert sanfte Bewegung, während drei Wärmestufen im Winter kalte Füße wärmen. Der Plüschbezug ist abnehmbar und waschbar, die Heizung schaltet sich nach zwei Stunden automatisch ab.",
      fr: "Sa plateforme basculante encourage un mouvement doux tandis que trois niveaux de chaleur réchauffent les pieds froids en hiver. La housse en peluche se retire pour le lavage et le chauffage s'éteint automatiquement au bout de deux heures.",
      ar: "تشجع المنصة المائلة على حركة لطيفة للقدمين، بينما تدفئ ثلاث درجات حرارة القدمين الباردتين في الشتاء. الغطاء الوبري قابل للنزع والغسل، ويتوقف التسخين تلقائيًا بعد ساعتين.",
    },
  },
  {
    key: "walnut-desk-lamp-wireless-charger", category: "luxury-comfort", art: "lamp", opt: "walnut",
    colors: ["#1f2937", "#a16207"], eur: 159, stock: 9,
    tags: ["leuchte", "lamp", "walnut", "qi", "ladestation"],
    name: { en: "Walnut Desk Lamp with Wireless Charger", de: "Nussbaum-Schreibtischleuchte mit kabellosem Laden", fr: "Lampe de bureau en noyer avec chargeur sans fil", ar: "مصباح مكتب من خشب الجوز مع شاحن لاسلكي" },
    description: {
      en: "A solid walnut base with a built-in Qi charging pad holds a dimmable LED arm with warm-to-cool colour temperature. Place your phone on the base and it charges while you work.",
      de: "Ein Sockel aus massivem Nussbaum mit integrierter Qi-Ladefläche trägt einen dimmbaren LED-Arm mit einstellbarer Farbtemperatur von warm bis kühl. Legen Sie Ihr Smartphone auf den Sockel, und es lädt, während Sie arbeiten.",
      fr: "Un socle en noyer massif doté d'une zone de charge Qi porte un bras LED dimmable à température de couleur réglable, du chaud au froid. Posez votre téléphone sur le socle : il se recharge pendant que vous travaillez.",
      ar: "قاعدة من خشب الجوز الصلب مزودة بمنطقة شحن Qi تحمل ذراع LED قابلًا للتعتيم مع درجة لون تتدرج من الدافئ إلى البارد. ضع هاتفك على القاعدة ليشحن أثناء عملك.",
    },
  },

  // ───────────────────────── 4 coffee-tea ─────────────────────────
  {
    key: "compact-office-espresso-machine", category: "coffee-tea", art: "coffeemachine",
    colors: ["#b91c1c", "#cbd5e1"], eur: 149, originalEur: 199, stock: 16, featured: true,
    tags: ["espresso", "kaffee", "coffee", "maschine", "büroküche"],
    name: { en: "Compact Office Espresso Machine", de: "Kompakte Espressomaschine fürs Büro", fr: "Machine à expresso compacte pour le bureau", ar: "ماكينة إسبريسو مدمجة للمكتب" },
    description: {
      en: "A 15-bar portafilter machine with a steam wand that fits on any office kitchen counter. The 1.5-litre water tank is removable, and the machine heats up in under a minute.",
      de: "Eine Siebträgermaschine mit 15 bar und Milchaufschäumdüse, die auf jede Arbeitsplatte in der Büroküche passt. Der 1,5-Liter-Wassertank ist abnehmbar, und die Maschine ist in weniger als einer Minute betriebsbereit.",
      fr: "Une machine à porte-filtre de 15 bars avec buse vapeur, assez compacte pour tous les plans de travail. Le réservoir de 1,5 litre est amovible et la machine chauffe en moins d'une minute.",
      ar: "ماكينة بمقبض ترشيح وضغط 15 بار مع ذراع بخار لرغوة الحليب، تناسب أي سطح في مطبخ المكتب. خزان الماء بسعة 1.5 لتر قابل للنزع، وتصبح الماكينة جاهزة في أقل من دقيقة.",
    },
  },
  {
    key: "insulated-thermos-mug-450ml", category: "coffee-tea", art: "thermos",
    colors: ["#0f766e", "#1f2937", "#e11d48"], eur: 24.9, stock: 72,
    tags: ["thermobecher", "thermos", "mug", "to go"],
    name: { en: "Insulated Thermos Mug 450 ml", de: "Isolierter Thermobecher 450 ml", fr: "Mug isotherme 450 ml", ar: "كوب حراري معزول 450 مل" },
    description: {
      en: "Double-walled stainless steel keeps coffee hot for six hours and iced tea cold for twelve. The leak-proof lid opens with one hand and the mug fits most car cup holders.",
      de: "Doppelwandiger Edelstahl hält Kaffee sechs Stunden heiß und Eistee zwölf Stunden kalt. Der auslaufsichere Deckel lässt sich mit einer Hand öffnen, und der Becher passt in die meisten Getränkehalter im Auto.",
      fr: "L'acier inoxydable à double paroi garde le café chaud six heures et le thé glacé froid douze heures. Le couvercle étanche s'ouvre d'une main et le mug tient dans la plupart des porte-gobelets de voiture.",
      ar: "يحافظ الفولاذ المقاوم للصدأ مزدوج الجدار على سخونة القهوة لست ساعات وبرودة الشاي المثلج لاثنتي عشرة ساعة. يُفتح الغطاء المانع للتسرب بيد واحدة، ويناسب الكوب معظم حوامل الأكواب في السيارات.",
    },
  },
  {
    key: "ceramic-tea-set-for-two", category: "coffee-tea", art: "teapot",
    colors: ["#0e7490"], eur: 64.9, stock: 2,
    tags: ["teeservice", "tea", "keramik", "teekanne"],
    name: { en: "Ceramic Tea Set for Two", de: "Keramik-Teeservice für zwei", fr: "Service à thé en céramique pour deux", ar: "طقم شاي من السيراميك لشخصين" },
    description: {
      en: "A hand-glazed 600 ml teapot with a stainless steel infuser and two matching cups. It brings a calm tea ritual to the meeting table or the office kitchen.",
      de: "Eine handglasierte 600-ml-Teekanne mit Edelstahlsieb und zwei passenden Tassen. Sie bringt ein ruhiges Teeritual an den Besprechungstisch oder in die Büroküche.",
      fr: "Une théière de 600 ml émaillée à la main, avec infuseur en inox et deux tasses assorties. Elle apporte un rituel du thé apaisant à la table de réunion ou dans la cuisine du bureau.",
      ar: "إبريق شاي سعته 600 مل مطلي يدويًا بالمينا مع مصفاة من الفولاذ المقاوم للصدأ وكوبين متطابقين. يضفي طقسًا هادئًا لشرب الشاي على طاولة الاجتماعات أو في مطبخ المكتب.",
    },
  },
  {
    key: "stoneware-office-mugs-set-of-4", category: "coffee-tea", art: "mug",
    colors: ["#1e40af", "#c2410c"], eur: 32.9, stock: 46,
    tags: ["tasse", "mug", "steingut", "kaffee"],
    name: { en: "Stoneware Office Mugs, Set of 4", de: "Steingut-Becher fürs Büro, 4er-Set", fr: "Mugs de bureau en grès, lot de 4", ar: "أكواب مكتب من الفخار الحجري، طقم من 4" },
    description: {
      en: "Four generous 350 ml mugs in reactive glazes, each one slightly different. Dishwasher- and microwave-safe, with a comfortable handle for the morning coffee.",
      de: "Vier großzügige Becher mit 350 ml in Reaktivglasur – jeder ein kleines Unikat. Spülmaschinen- und mikrowellenfest, mit bequemem Henkel für den Morgenkaffee.",
      fr: "Quatre mugs généreux de 350 ml aux émaux réactifs, tous légèrement différents. Compatibles lave-vaisselle et micro-ondes, avec une anse confortable pour le café du matin.",
      ar: "أربعة أكواب واسعة سعة كل منها 350 مل بطلاء زجاجي متفاعل يجعل كل كوب مختلفًا قليلًا. آمنة للاستخدام في غسالة الصحون والميكروويف، مع مقبض مريح لقهوة الصباح.",
    },
  },
  {
    key: "electric-gooseneck-kettle", category: "coffee-tea", art: "kettle",
    colors: ["#1f2937"], eur: 69.9, stock: 27,
    tags: ["wasserkocher", "kettle", "pour over", "tee"],
    name: { en: "Electric Gooseneck Kettle", de: "Elektrischer Schwanenhals-Wasserkocher", fr: "Bouilloire électrique à col de cygne", ar: "غلاية كهربائية بفوهة عنق الإوزة" },
    description: {
      en: "Set the temperature to the degree for green tea, filter coffee or herbal infusions. The slim gooseneck spout gives precise control when pouring, and the keep-warm function holds the heat for 60 minutes.",
      de: "Stellen Sie die Temperatur gradgenau für grünen Tee, Filterkaffee oder Kräutertee ein. Der schlanke Schwanenhals-Ausguss ermöglicht präzises Aufgießen, und die Warmhaltefunktion hält das Wasser 60 Minuten lang heiß.",
      fr: "Réglez la température au degré près pour le thé vert, le café filtre ou les infusions. Le bec fin en col de cygne permet un versement précis et la fonction maintien au chaud conserve la chaleur pendant 60 minutes.",
      ar: "اضبط درجة الحرارة بدقة للشاي الأخضر أو القهوة المقطرة أو شاي الأعشاب. تمنحك الفوهة الرفيعة تحكمًا دقيقًا في الصب، وتحافظ خاصية الإبقاء على السخونة على حرارة الماء لمدة 60 دقيقة.",
    },
  },

  // ───────────────────────── 5 decor-walls ─────────────────────────
  {
    key: "abstract-art-print-set", category: "decor-walls", art: "frames",
    colors: ["#c2410c", "#0f766e", "#6d28d9"], eur: 69, stock: 30, featured: true,
    tags: ["kunstdruck", "poster", "art print", "wanddeko"],
    name: { en: "Abstract Art Print Set, 3 Pieces", de: "Abstraktes Kunstdruck-Set, 3-teilig", fr: "Set de 3 affiches d'art abstrait", ar: "طقم لوحات فنية تجريدية من 3 قطع" },
    description: {
      en: "Three coordinated abstract prints in warm earth tones, printed on 250 g/m² museum-grade paper. Each 30 × 40 cm print comes in a slim oak frame, ready to hang.",
      de: "Drei aufeinander abgestimmte abstrakte Drucke in warmen Erdtönen, gedruckt auf 250-g/m²-Museumspapier. Jeder Druck im Format 30 × 40 cm steckt in einem schmalen Eichenrahmen und ist sofort aufhängbar.",
      fr: "Trois tirages abstraits coordonnés aux tons terre chaleureux, imprimés sur papier qualité musée de 250 g/m². Chaque tirage de 30 × 40 cm est livré dans un fin cadre en chêne, prêt à accrocher.",
      ar: "ثلاث لوحات تجريدية متناسقة بألوان ترابية دافئة، مطبوعة على ورق متحفي بوزن 250 غ/م². تأتي كل لوحة بمقاس 30 × 40 سم في إطار رفيع من خشب البلوط، جاهزة للتعليق.",
    },
  },
  {
    key: "acoustic-felt-wall-panels", category: "decor-walls", art: "hexpanels",
    colors: ["#6d28d9", "#0f766e"], eur: 129, originalEur: 159, stock: 19,
    tags: ["akustik", "filz", "felt", "wandpaneel"],
    name: { en: "Acoustic Felt Wall Panels, Set of 6", de: "Akustik-Wandpaneele aus Filz, 6er-Set", fr: "Panneaux muraux acoustiques en feutre, lot de 6", ar: "ألواح جدارية عازلة للصوت من اللباد، طقم من 6" },
    description: {
      en: "Hexagonal panels made from recycled PET felt absorb echo and make calls and meetings sound clearer. Arrange them in your own pattern; the adhesive strips are included.",
      de: "Sechseckige Paneele aus recyceltem PET-Filz schlucken Nachhall und sorgen für klarere Telefonate und Meetings. Ordnen Sie sie in Ihrem eigenen Muster an – Klebestreifen liegen bei.",
      fr: "Ces panneaux hexagonaux en feutre PET recyclé absorbent l'écho et rendent appels et réunions plus clairs. Disposez-les selon votre propre motif ; les bandes adhésives sont fournies.",
      ar: "ألواح سداسية مصنوعة من لباد PET المعاد تدويره تمتص الصدى وتجعل المكالمات والاجتماعات أوضح. رتّبها بالنمط الذي تفضله، فالأشرطة اللاصقة مرفقة.",
    },
  },
  {
    key: "minimalist-wall-clock-40cm", category: "decor-walls", art: "clock",
    colors: ["#1f2937"], eur: 45.9, stock: 1,
    tags: ["wanduhr", "clock", "minimalistisch", "deko"],
    name: { en: "Minimalist Wall Clock, 40 cm", de: "Minimalistische Wanduhr, 40 cm", fr: "Horloge murale minimaliste, 40 cm", ar: "ساعة حائط بتصميم بسيط، 40 سم" },
    description: {
      en: "A matte dial without numbers, slim black hands and a silent sweep movement. The large size keeps the time readable across an open-plan office.",
      de: "Ein mattes Zifferblatt ohne Zahlen, schlanke schwarze Zeiger und ein lautloses Uhrwerk. Dank der Größe bleibt die Uhrzeit auch im Großraumbüro gut lesbar.",
      fr: "Un cadran mat sans chiffres, de fines aiguilles noires et un mouvement silencieux. Sa grande taille garde l'heure lisible dans tout un open space.",
      ar: "مينا غير لامع بلا أرقام وعقارب سوداء رفيعة وآلية صامتة. يضمن حجمها الكبير قراءة الوقت بوضوح في أرجاء المكتب المفتوح.",
    },
  },
  {
    key: "cork-pin-board-hexagons", category: "decor-walls", art: "hexpanels", opt: "cork",
    colors: ["#c08a52"], eur: 27.9, stock: 40,
    tags: ["pinnwand", "kork", "cork", "hexagon"],
    name: { en: "Cork Pin Board Hexagons, Set of 7", de: "Kork-Pinnwand Hexagon, 7er-Set", fr: "Tableau en liège hexagonal, lot de 7", ar: "لوح دبابيس سداسي من الفلين، طقم من 7" },
    description: {
      en: "Natural cork tiles in two shades that you can combine into a pin board of any shape. Perfect for notes, photos and project plans; push pins included.",
      de: "Naturkork-Fliesen in zwei Farbtönen, die sich zu einer Pinnwand in beliebiger Form kombinieren lassen. Ideal für Notizen, Fotos und Projektpläne – Pinnnadeln inklusive.",
      fr: "Des dalles en liège naturel en deux teintes à combiner pour créer un tableau d'affichage de la forme de votre choix. Idéal pour les notes, photos et plannings ; punaises incluses.",
      ar: "بلاطات من الفلين الطبيعي بدرجتين من اللون يمكنك جمعها لتكوين لوح دبابيس بأي شكل تريده. مثالية للملاحظات والصور وخطط المشاريع، والدبابيس مرفقة.",
    },
  },
  {
    key: "floating-oak-wall-shelf", category: "decor-walls", art: "shelf",
    colors: ["#d6a760"], eur: 54.9, stock: 23,
    tags: ["wandregal", "shelf", "eiche", "deko"],
    name: { en: "Floating Oak Wall Shelf, 80 cm", de: "Schwebendes Wandregal aus Eiche, 80 cm", fr: "Étagère murale flottante en chêne, 80 cm", ar: "رف حائط عائم من خشب البلوط، 80 سم" },
    description: {
      en: "A solid oak shelf with a concealed bracket that seems to float on the wall. It holds up to 15 kg of books, plants or framed photos.",
      de: "Ein Regal aus massiver Eiche mit verdeckter Halterung, das scheinbar an der Wand schwebt. Es trägt bis zu 15 kg Bücher, Pflanzen oder Bilderrahmen.",
      fr: "Une étagère en chêne massif à fixation invisible qui semble flotter sur le mur. Elle supporte jusqu'à 15 kg de livres, de plantes ou de cadres photo.",
      ar: "رف من خشب البلوط الصلب بحامل مخفي يبدو وكأنه يطفو على الجدار. يتحمل حتى 15 كغ من الكتب أو النباتات أو الصور المؤطرة.",
    },
  },

  // ───────────────────────── 6 home-office ─────────────────────────
  {
    key: "compact-home-office-desk", category: "home-office", art: "desk", opt: "compact",
    colors: ["#d6a760", "#f8fafc"], eur: 189, stock: 15,
    tags: ["schreibtisch", "desk", "homeoffice", "kompakt"],
    name: { en: "Compact Home Office Desk, 100 cm", de: "Kompakter Homeoffice-Schreibtisch, 100 cm", fr: "Bureau compact pour télétravail, 100 cm", ar: "مكتب مدمج للعمل من المنزل، 100 سم" },
    description: {
      en: "A 100 × 55 cm desk in oak decor with a cable tray and a small drawer, made for a corner of the living room. Sturdy steel legs and levelling feet keep it stable on uneven floors.",
      de: "Ein Schreibtisch mit 100 × 55 cm in Eichendekor, mit Kabelwanne und kleiner Schublade – gemacht für die Ecke im Wohnzimmer. Stabile Stahlbeine und Nivellierfüße sorgen auch auf unebenem Boden für festen Stand.",
      fr: "Un bureau de 100 × 55 cm décor chêne, avec goulotte pour câbles et petit tiroir, conçu pour un coin du salon. Ses pieds en acier robustes et ses patins réglables le gardent stable même sur un sol irrégulier.",
      ar: "مكتب بقياس 100 × 55 سم بلمسة خشب البلوط، مع مجرى للكابلات ودرج صغير، مصمم ليناسب زاوية غرفة المعيشة. تحافظ الأرجل الفولاذية المتينة والأقدام القابلة للضبط على ثباته حتى على الأرضيات غير المستوية.",
    },
  },
  {
    key: "ergonomic-mesh-office-chair", category: "home-office", art: "chair", opt: "mesh",
    colors: ["#1f2937", "#0f766e", "#64748b"], eur: 199, originalEur: 299, stock: 28, featured: true,
    tags: ["bürostuhl", "chair", "ergonomie", "mesh", "homeoffice"],
    name: { en: "Ergonomic Mesh Office Chair", de: "Ergonomischer Bürostuhl mit Netzrücken", fr: "Chaise de bureau ergonomique en mesh", ar: "كرسي مكتب شبكي مريح" },
    description: {
      en: "A breathable mesh back, adjustable lumbar support and a seat-depth slider help you sit well through the whole working day. The 3D armrests, headrest and synchro mechanism adapt to your posture.",
      de: "Ein atmungsaktiver Netzrücken, eine verstellbare Lordosenstütze und eine Sitztiefenverstellung sorgen für gutes Sitzen den ganzen Arbeitstag lang. 3D-Armlehnen, Kopfstütze und Synchronmechanik passen sich Ihrer Haltung an.",
      fr: "Un dossier en mesh respirant, un soutien lombaire réglable et une assise coulissante vous aident à bien vous tenir toute la journée. Les accoudoirs 3D, l'appui-tête et le mécanisme synchrone s'adaptent à votre posture.",
      ar: "يساعدك الظهر الشبكي جيد التهوية ودعامة أسفل الظهر القابلة للتعديل وإمكانية ضبط عمق المقعد على الجلوس بوضعية صحيحة طوال يوم العمل. وتتكيف مساند الذراعين ثلاثية الأبعاد ومسند الرأس والآلية المتزامنة مع وضعية جسمك.",
    },
  },
  {
    key: "led-architect-desk-lamp", category: "home-office", art: "lamp",
    colors: ["#0f766e"], eur: 59.9, stock: 33,
    tags: ["schreibtischlampe", "lamp", "led", "dimmbar"],
    name: { en: "LED Architect Desk Lamp", de: "LED-Architektenleuchte", fr: "Lampe d'architecte LED", ar: "مصباح مهندس LED للمكتب" },
    description: {
      en: "A spring-balanced arm that reaches far across the desk, with a flicker-free LED head in five brightness levels. The clamp mount frees up valuable desk space.",
      de: "Ein federbalancierter Arm mit großer Reichweite und ein flimmerfreier LED-Kopf mit fünf Helligkeitsstufen. Die Klemmbefestigung spart wertvollen Platz auf dem Schreibtisch.",
      fr: "Un bras équilibré par ressorts à grande portée et une tête LED sans scintillement à cinq niveaux de luminosité. La fixation par pince libère une précieuse place sur le bureau.",
      ar: "ذراع متوازن بالنوابض يمتد بعيدًا فوق المكتب، مع رأس LED خالٍ من الوميض بخمسة مستويات للسطوع. يوفر التثبيت بالمشبك مساحة ثمينة على سطح المكتب.",
    },
  },
  {
    key: "dual-monitor-arm", category: "home-office", art: "monitorarm",
    colors: ["#334155"], eur: 89.9, stock: 11,
    tags: ["monitorarm", "monitor", "vesa", "ergonomie"],
    name: { en: "Dual Monitor Arm with Gas Springs", de: "Monitorarm für zwei Bildschirme mit Gasfeder", fr: "Bras double écran à ressorts à gaz", ar: "ذراع لشاشتين بنوابض غازية" },
    description: {
      en: "Holds two screens from 17 to 32 inches and moves them into place with a fingertip. The integrated cable management keeps the desk tidy, and the VESA 75/100 mounts fit most monitors.",
      de: "Hält zwei Bildschirme von 17 bis 32 Zoll und bringt sie mit einem Fingertipp in Position. Das integrierte Kabelmanagement hält den Schreibtisch aufgeräumt, die VESA-Aufnahmen 75/100 passen an die meisten Monitore.",
      fr: "Il supporte deux écrans de 17 à 32 pouces et les positionne du bout du doigt. Le passe-câbles intégré garde le bureau bien rangé et les fixations VESA 75/100 conviennent à la plupart des moniteurs.",
      ar: "يحمل شاشتين بمقاس من 17 إلى 32 بوصة ويحركهما إلى المكان المطلوب بلمسة إصبع. يحافظ نظام إدارة الكابلات المدمج على ترتيب المكتب، وتناسب قواعد التثبيت VESA 75/100 معظم الشاشات.",
    },
  },
  {
    key: "clip-on-ring-light", category: "home-office", art: "ringlight",
    colors: ["#1f2937"], eur: 34.9, originalEur: 44.9, stock: 0,
    tags: ["ringlicht", "webcam", "video call", "licht"],
    name: { en: "Clip-On Ring Light for Video Calls", de: "Ringlicht zum Anklemmen für Videocalls", fr: "Anneau lumineux à clipser pour visioconférences", ar: "إضاءة حلقية بمشبك لمكالمات الفيديو" },
    description: {
      en: "Clips onto a laptop or monitor and lights your face evenly for video calls. Ten brightness levels and three colour temperatures; powered by USB-C.",
      de: "Wird an Laptop oder Monitor geklemmt und leuchtet Ihr Gesicht in Videocalls gleichmäßig aus. Zehn Helligkeitsstufen und drei Farbtemperaturen, Stromversorgung über USB-C.",
      fr: "Il se clipse sur un ordinateur portable ou un écran et éclaire uniformément votre visage en visioconférence. Dix niveaux de luminosité et trois températures de couleur ; alimentation par USB-C.",
      ar: "تُثبَّت بمشبك على اللابتوب أو الشاشة وتضيء وجهك بالتساوي خلال مكالمات الفيديو. عشرة مستويات للسطوع وثلاث درجات لونية، وتعمل عبر منفذ USB-C.",
    },
  },

  // ───────────────────────── 7 audio-ambiance ─────────────────────────
  {
    key: "noise-cancelling-headphones", category: "audio-ambiance", art: "headphones",
    colors: ["#1f2937", "#e2e8f0", "#4338ca"], eur: 99, originalEur: 149, stock: 37, featured: true,
    tags: ["kopfhörer", "headphones", "anc", "noise cancelling"],
    name: { en: "Noise-Cancelling Headphones", de: "Kopfhörer mit Geräuschunterdrückung", fr: "Casque à réduction de bruit", ar: "سماعات رأس بخاصية إلغاء الضوضاء" },
    description: {
      en: "Active noise cancellation silences open-plan chatter so you can focus, and beamforming microphones keep your voice clear on calls. Up to 40 hours of battery life and soft memory-foam ear cushions.",
      de: "Die aktive Geräuschunterdrückung blendet Gespräche im Großraumbüro aus, damit Sie sich konzentrieren können, und Beamforming-Mikrofone übertragen Ihre Stimme in Calls klar. Bis zu 40 Stunden Akkulaufzeit und weiche Ohrpolster aus Memory-Schaum.",
      fr: "La réduction de bruit active fait taire les conversations de l'open space pour vous aider à vous concentrer, et les micros à formation de faisceau gardent votre voix claire en appel. Jusqu'à 40 heures d'autonomie et des coussinets en mousse à mémoire de forme.",
      ar: "تُسكت خاصية إلغاء الضوضاء النشطة أحاديث المكتب المفتوح لتتمكن من التركيز، وتحافظ الميكروفونات الموجّهة على وضوح صوتك أثناء المكالمات. عمر بطارية يصل إلى 40 ساعة ووسائد أذن ناعمة من الإسفنج الذكي.",
    },
  },
  {
    key: "bluetooth-desk-speaker", category: "audio-ambiance", art: "speaker",
    colors: ["#475569", "#b45309"], eur: 79.9, stock: 24,
    tags: ["lautsprecher", "speaker", "bluetooth", "musik"],
    name: { en: "Bluetooth Desk Speaker", de: "Bluetooth-Schreibtischlautsprecher", fr: "Enceinte de bureau Bluetooth", ar: "مكبر صوت بلوتوث للمكتب" },
    description: {
      en: "A compact speaker with a fabric front and a surprisingly full sound for background music at the desk. Connect two devices at once and play for up to 20 hours.",
      de: "Ein kompakter Lautsprecher mit Stoffbespannung und erstaunlich vollem Klang für Hintergrundmusik am Schreibtisch. Verbinden Sie zwei Geräte gleichzeitig und hören Sie bis zu 20 Stunden Musik.",
      fr: "Une enceinte compacte habillée de tissu, au son étonnamment riche pour une musique d'ambiance au bureau. Connectez deux appareils à la fois et profitez de jusqu'à 20 heures d'écoute.",
      ar: "مكبر صوت مدمج بواجهة من القماش وصوت غني على نحو مدهش لموسيقى هادئة على المكتب. يمكنك توصيل جهازين في الوقت نفسه والاستماع حتى 20 ساعة.",
    },
  },
  {
    key: "white-noise-machine", category: "audio-ambiance", art: "noisemachine",
    colors: ["#f8fafc"], eur: 39.9, stock: 4,
    tags: ["white noise", "rauschen", "schlaf", "fokus"],
    name: { en: "White Noise Machine", de: "White-Noise-Gerät", fr: "Machine à bruit blanc", ar: "جهاز الضوضاء البيضاء" },
    description: {
      en: "Thirty soothing sounds, from soft rain to a gentle fan, mask distracting noise in shared offices. The timer and memory function make it just as useful at home at night.",
      de: "Dreißig beruhigende Klänge, von sanftem Regen bis zum leisen Ventilator, überdecken störende Geräusche in Gemeinschaftsbüros. Timer und Speicherfunktion machen es auch zu Hause in der Nacht nützlich.",
      fr: "Trente sons apaisants, de la pluie douce au ventilateur discret, masquent les bruits gênants dans les bureaux partagés. La minuterie et la fonction mémoire la rendent tout aussi utile la nuit à la maison.",
      ar: "ثلاثون صوتًا مهدئًا، من المطر الخفيف إلى صوت المروحة الهادئ، تحجب الضوضاء المشتتة في المكاتب المشتركة. وتجعله خاصية المؤقت والذاكرة مفيدًا أيضًا في المنزل ليلًا.",
    },
  },
  {
    key: "aroma-diffuser-ambient-light", category: "audio-ambiance", art: "diffuser",
    colors: ["#e7e5e4"], eur: 49.9, stock: 31,
    tags: ["diffuser", "aroma", "duft", "licht"],
    name: { en: "Aroma Diffuser with Ambient Light", de: "Aroma-Diffuser mit Stimmungslicht", fr: "Diffuseur d'arômes avec lumière d'ambiance", ar: "ناشر عطري مع إضاءة هادئة" },
    description: {
      en: "An ultrasonic diffuser in a ceramic shell that releases a fine, scented mist for up to eight hours. Seven soft light colours create a calm atmosphere after a busy day.",
      de: "Ein Ultraschall-Diffuser in Keramikhülle, der bis zu acht Stunden lang feinen Duftnebel verströmt. Sieben sanfte Lichtfarben schaffen nach einem hektischen Tag eine ruhige Atmosphäre.",
      fr: "Un diffuseur à ultrasons dans une coque en céramique qui libère une brume parfumée pendant jusqu'à huit heures. Sept couleurs douces créent une atmosphère apaisante après une journée chargée.",
      ar: "ناشر بالموجات فوق الصوتية بغلاف من السيراميك يطلق رذاذًا عطريًا ناعمًا لمدة تصل إلى ثماني ساعات. وتخلق سبعة ألوان إضاءة هادئة أجواءً مريحة بعد يوم حافل.",
    },
  },
  {
    key: "usb-conference-speakerphone", category: "audio-ambiance", art: "speakerphone",
    colors: ["#1f2937"], eur: 129, stock: 8,
    tags: ["konferenz", "speakerphone", "mikrofon", "usb"],
    name: { en: "USB Conference Speakerphone", de: "USB-Konferenzlautsprecher", fr: "Haut-parleur de conférence USB", ar: "مكبر صوت للاجتماعات عبر USB" },
    description: {
      en: "Four microphones pick up every voice in a 360° radius, while echo cancellation keeps the conversation natural. Plug and play via USB or Bluetooth, compatible with all common video-conferencing apps.",
      de: "Vier Mikrofone erfassen jede Stimme im 360°-Radius, die Echounterdrückung sorgt für natürliche Gespräche. Plug-and-play per USB oder Bluetooth, kompatibel mit allen gängigen Videokonferenz-Apps.",
      fr: "Quatre micros captent chaque voix sur 360° et l'annulation d'écho garde la conversation naturelle. Prêt à l'emploi en USB ou Bluetooth, compatible avec toutes les applications de visioconférence courantes.",
      ar: "تلتقط أربعة ميكروفونات كل صوت في نطاق 360°، بينما يحافظ إلغاء الصدى على طبيعية المحادثة. جاهز للعمل فور توصيله عبر USB أو البلوتوث، ومتوافق مع جميع تطبيقات مؤتمرات الفيديو الشائعة.",
    },
  },

  // ───────────────────────── 8 office-plants ─────────────────────────
  {
    key: "monstera-self-watering-pot", category: "office-plants", art: "monstera",
    colors: ["#f5f5f4", "#1f2937", "#c2410c"], eur: 79.9, stock: 17, featured: true,
    tags: ["monstera", "pflanze", "plant", "selbstbewässerung"],
    name: { en: "Monstera in Self-Watering Pot", de: "Monstera im Selbstbewässerungstopf", fr: "Monstera en pot à réserve d'eau", ar: "نبتة مونستيرا في أصيص ذاتي الري" },
    description: {
      en: "A lush Monstera deliciosa, about 70 cm tall, planted in a matte self-watering pot with a water-level indicator. The reservoir lasts up to three weeks, so the plant thrives even during the holidays.",
      de: "Eine üppige Monstera deliciosa, etwa 70 cm hoch, in einem matten Selbstbewässerungstopf mit Wasserstandsanzeige. Das Reservoir reicht bis zu drei Wochen, sodass die Pflanze auch in der Urlaubszeit gedeiht.",
      fr: "Un Monstera deliciosa luxuriant d'environ 70 cm, planté dans un pot mat à réserve d'eau avec indicateur de niveau. La réserve dure jusqu'à trois semaines : la plante prospère même pendant les vacances.",
      ar: "نبتة مونستيرا ديليسيوزا كثيفة بطول 70 سم تقريبًا، مزروعة في أصيص غير لامع ذاتي الري مع مؤشر لمستوى الماء. يكفي الخزان حتى ثلاثة أسابيع، فتزدهر النبتة حتى في أيام العطلات.",
    },
  },
  {
    key: "preserved-moss-wall-panel", category: "office-plants", art: "mosswall",
    colors: ["#d6a760", "#1f2937"], eur: 189, originalEur: 229, stock: 7,
    tags: ["mooswand", "moss", "wanddeko", "grün"],
    name: { en: "Preserved Moss Wall Panel, 60 × 60 cm", de: "Mooswand aus konserviertem Moos, 60 × 60 cm", fr: "Tableau végétal en mousse stabilisée, 60 × 60 cm", ar: "لوحة جدارية من الطحالب المحفوظة، 60 × 60 سم" },
    description: {
      en: "Real, preserved Nordic moss in an oak frame that needs no water, no light and no care. It brings green into windowless rooms and softens the room acoustics at the same time.",
      de: "Echtes, konserviertes skandinavisches Moos im Eichenrahmen – ganz ohne Wasser, Licht und Pflege. Es bringt Grün in fensterlose Räume und verbessert zugleich die Raumakustik.",
      fr: "De la véritable mousse nordique stabilisée dans un cadre en chêne, sans eau, sans lumière et sans entretien. Elle apporte de la verdure dans les pièces sans fenêtre tout en améliorant l'acoustique.",
      ar: "طحالب إسكندنافية حقيقية محفوظة في إطار من خشب البلوط، لا تحتاج إلى ماء أو ضوء أو عناية. تضفي لمسة خضراء على الغرف التي بلا نوافذ وتحسّن في الوقت نفسه صوتيات المكان.",
    },
  },
  {
    key: "succulent-trio-concrete-pots", category: "office-plants", art: "succulents",
    colors: ["#a8a29e"], eur: 29.9, stock: 52,
    tags: ["sukkulenten", "succulent", "beton", "pflanze"],
    name: { en: "Succulent Trio in Concrete Pots", de: "Sukkulenten-Trio in Betontöpfen", fr: "Trio de succulentes en pots de béton", ar: "ثلاث نباتات عصارية في أصص خرسانية" },
    description: {
      en: "Three easy-care succulents in hand-cast concrete pots, ideal for a sunny windowsill or desk. They need water only every two to three weeks.",
      de: "Drei pflegeleichte Sukkulenten in handgegossenen Betontöpfen, ideal für eine sonnige Fensterbank oder den Schreibtisch. Sie brauchen nur alle zwei bis drei Wochen Wasser.",
      fr: "Trois succulentes faciles à vivre dans des pots en béton coulés à la main, idéales pour un rebord de fenêtre ensoleillé ou le bureau. Un arrosage toutes les deux à trois semaines suffit.",
      ar: "ثلاث نباتات عصارية سهلة العناية في أصص خرسانية مصبوبة يدويًا، مثالية لحافة نافذة مشمسة أو لسطح المكتب. تحتاج إلى الري مرة واحدة فقط كل أسبوعين إلى ثلاثة أسابيع.",
    },
  },
  {
    key: "snake-plant-sansevieria", category: "office-plants", art: "snakeplant",
    colors: ["#e7e5e4"], eur: 39.9, stock: 0,
    tags: ["bogenhanf", "sansevieria", "pflanze", "pflegeleicht"],
    name: { en: "Snake Plant (Sansevieria), 60 cm", de: "Bogenhanf (Sansevieria), 60 cm", fr: "Sansevieria (langue de belle-mère), 60 cm", ar: "نبتة الثعبان (سانسيفيريا)، 60 سم" },
    description: {
      en: "The upright leaves of the snake plant look architectural and tolerate low light and irregular watering. Delivered in a ceramic pot with a drainage saucer.",
      de: "Die aufrechten Blätter des Bogenhanfs wirken architektonisch und vertragen wenig Licht und unregelmäßiges Gießen. Geliefert im Keramiktopf mit Untersetzer.",
      fr: "Les feuilles dressées de la sansevieria ont une allure architecturale et tolèrent une faible luminosité comme des arrosages irréguliers. Livrée dans un pot en céramique avec soucoupe.",
      ar: "تبدو أوراق نبتة الثعبان المنتصبة ذات طابع معماري، وهي تتحمل الإضاءة الخافتة والري غير المنتظم. تُسلَّم في أصيص من السيراميك مع صحن لتصريف الماء.",
    },
  },
  {
    key: "desk-herb-garden-led", category: "office-plants", art: "herbgarden",
    colors: ["#f8fafc", "#1f2937"], eur: 69.9, originalEur: 89.9, stock: 13,
    tags: ["kräutergarten", "herbs", "led", "indoor garden"],
    name: { en: "Desk Herb Garden with LED Grow Light", de: "Kräutergarten für den Schreibtisch mit LED-Pflanzenlicht", fr: "Jardin d'herbes aromatiques de bureau avec LED", ar: "حديقة أعشاب مكتبية مع إضاءة LED للنمو" },
    description: {
      en: "Grow basil, mint and parsley right next to your monitor: the full-spectrum LED switches on and off automatically on a 16-hour cycle. Includes three seed pods and a water tank that lasts about two weeks.",
      de: "Ziehen Sie Basilikum, Minze und Petersilie direkt neben dem Monitor: Die Vollspektrum-LED schaltet sich im 16-Stunden-Rhythmus automatisch ein und aus. Mit drei Saatkapseln und einem Wassertank, der etwa zwei Wochen reicht.",
      fr: "Cultivez basilic, menthe et persil juste à côté de votre écran : la LED plein spectre s'allume et s'éteint automatiquement selon un cycle de 16 heures. Avec trois capsules de graines et un réservoir d'eau d'une autonomie d'environ deux semaines.",
      ar: "ازرع الريحان والنعناع والبقدونس بجانب شاشتك مباشرة، إذ يعمل مصباح LED كامل الطيف وينطفئ تلقائيًا وفق دورة مدتها 16 ساعة. تشمل ثلاث كبسولات بذور وخزان ماء يكفي لنحو أسبوعين.",
    },
  },

  // ───────────────────────── 9 sustainable-supplies ─────────────────────────
  {
    key: "recycled-paper-notebooks-set-of-3", category: "sustainable-supplies", art: "notebook", opt: "stack",
    colors: ["#b08a5a", "#4d7c0f"], eur: 16.9, stock: 64, featured: true,
    tags: ["recycling", "notizbuch", "notebook", "nachhaltig"],
    name: { en: "Recycled Paper Notebooks, Set of 3", de: "Notizbücher aus Recyclingpapier, 3er-Set", fr: "Carnets en papier recyclé, lot de 3", ar: "دفاتر من الورق المعاد تدويره، طقم من 3" },
    description: {
      en: "Three A5 notebooks made from 100% recycled paper with kraft covers and thread stitching. The lined, dotted and blank pages cover every kind of note.",
      de: "Drei A5-Notizbücher aus 100 % Recyclingpapier mit Kraftpapier-Einband und Fadenheftung. Linierte, gepunktete und blanko Seiten decken jede Art von Notiz ab.",
      fr: "Trois carnets A5 en papier 100 % recyclé avec couverture kraft et reliure cousue. Pages lignées, pointillées et blanches : il y en a pour toutes les notes.",
      ar: "ثلاثة دفاتر بحجم A5 مصنوعة من ورق معاد تدويره بنسبة 100% بأغلفة من ورق الكرافت وخياطة بالخيط. صفحات مسطرة ومنقطة وفارغة تناسب كل أنواع الملاحظات.",
    },
  },
  {
    key: "bamboo-ballpoint-pens-set-of-5", category: "sustainable-supplies", art: "pens",
    colors: ["#d6a760"], eur: 12.9, stock: 58,
    tags: ["bambus", "kugelschreiber", "pen", "plastikfrei"],
    name: { en: "Bamboo Ballpoint Pens, Set of 5", de: "Bambus-Kugelschreiber, 5er-Set", fr: "Stylos à bille en bambou, lot de 5", ar: "أقلام حبر جاف من الخيزران، طقم من 5" },
    description: {
      en: "Pens with bamboo barrels and refillable metal mechanisms that replace single-use plastic. They write smoothly in blue ink and take standard refills.",
      de: "Kugelschreiber mit Bambusschaft und nachfüllbarer Metallmechanik, die Einwegplastik ersetzen. Sie schreiben weich in Blau und nehmen handelsübliche Standardminen auf.",
      fr: "Des stylos au corps en bambou et au mécanisme métallique rechargeable qui remplacent le plastique jetable. Ils écrivent avec fluidité à l'encre bleue et acceptent les recharges standard.",
      ar: "أقلام بجسم من الخيزران وآلية معدنية قابلة لإعادة التعبئة تغنيك عن البلاستيك أحادي الاستخدام. تكتب بسلاسة بالحبر الأزرق وتقبل العبوات القياسية المتوفرة في الأسواق.",
    },
  },
  {
    key: "refillable-whiteboard-markers", category: "sustainable-supplies", art: "markers",
    colors: ["#94a3b8"], eur: 19.9, stock: 3,
    tags: ["marker", "whiteboard", "nachfüllbar", "refill"],
    name: { en: "Refillable Whiteboard Markers, Set of 4", de: "Nachfüllbare Whiteboard-Marker, 4er-Set", fr: "Marqueurs pour tableau blanc rechargeables, lot de 4", ar: "أقلام سبورة قابلة لإعادة التعبئة، طقم من 4" },
    description: {
      en: "Aluminium markers in four colours with replaceable tips and a bottle of refill ink. One bottle refills each marker up to ten times and saves a lot of plastic waste.",
      de: "Marker aus Aluminium in vier Farben mit austauschbaren Spitzen und Nachfülltinte. Eine Flasche füllt jeden Marker bis zu zehnmal nach und spart viel Plastikmüll.",
      fr: "Des marqueurs en aluminium en quatre couleurs, à pointes remplaçables, avec flacon d'encre de recharge. Un flacon recharge chaque marqueur jusqu'à dix fois et évite beaucoup de déchets plastiques.",
      ar: "أقلام من الألمنيوم بأربعة ألوان مع رؤوس قابلة للاستبدال وزجاجة حبر لإعادة التعبئة. تكفي الزجاجة لإعادة تعبئة كل قلم حتى عشر مرات، مما يوفر الكثير من النفايات البلاستيكية.",
    },
  },
  {
    key: "cork-desk-organizer", category: "sustainable-supplies", art: "organizer", opt: "cork",
    colors: ["#c08a52"], eur: 24.9, stock: 36,
    tags: ["kork", "organizer", "cork", "nachhaltig"],
    name: { en: "Cork Desk Organizer", de: "Schreibtisch-Organizer aus Kork", fr: "Organiseur de bureau en liège", ar: "منظم مكتب من الفلين" },
    description: {
      en: "Made from the bark of cork oaks, which grows back after harvesting. Four compartments hold pens, sticky notes and a phone, and the soft material protects surfaces.",
      de: "Hergestellt aus der Rinde von Korkeichen, die nach der Ernte nachwächst. Vier Fächer nehmen Stifte, Haftnotizen und Smartphone auf, und das weiche Material schont Oberflächen.",
      fr: "Fabriqué à partir de l'écorce du chêne-liège, qui repousse après la récolte. Quatre compartiments accueillent stylos, notes adhésives et téléphone, et la matière souple protège les surfaces.",
      ar: "مصنوع من لحاء شجر بلوط الفلين الذي ينمو من جديد بعد الحصاد. تتسع أقسامه الأربعة للأقلام والأوراق اللاصقة والهاتف، وتحمي خامته الناعمة الأسطح.",
    },
  },
  {
    key: "recycled-aluminium-water-bottle", category: "sustainable-supplies", art: "bottle",
    colors: ["#4d7c0f", "#0369a1", "#f5f5f4"], eur: 22.9, stock: 44,
    tags: ["trinkflasche", "bottle", "aluminium", "recycling"],
    name: { en: "Recycled Aluminium Water Bottle, 750 ml", de: "Trinkflasche aus Recycling-Aluminium, 750 ml", fr: "Gourde en aluminium recyclé, 750 ml", ar: "قارورة ماء من الألمنيوم المعاد تدويره، 750 مل" },
    description: {
      en: "Made from 80% recycled aluminium with a BPA-free screw cap and a carrying loop. Light, unbreakable and ready for the desk, the gym or the commute.",
      de: "Hergestellt aus 80 % recyceltem Aluminium, mit BPA-freiem Schraubverschluss und Trageschlaufe. Leicht, bruchsicher und bereit für Schreibtisch, Fitnessstudio oder Arbeitsweg.",
      fr: "Fabriquée à 80 % en aluminium recyclé, avec bouchon à vis sans BPA et dragonne. Légère, incassable et prête pour le bureau, la salle de sport ou les trajets.",
      ar: "مصنوعة من ألمنيوم معاد تدويره بنسبة 80% مع غطاء لولبي خالٍ من مادة BPA وحلقة للحمل. خفيفة وغير قابلة للكسر وجاهزة للمكتب أو النادي الرياضي أو الطريق إلى العمل.",
    },
  },

  // ───────────────────────── 10 storage-organization ─────────────────────────
  {
    key: "lockable-mobile-pedestal", category: "storage-organization", art: "pedestal",
    colors: ["#e2e8f0", "#334155"], eur: 169, originalEur: 199, stock: 10, featured: true,
    tags: ["rollcontainer", "pedestal", "schubladen", "abschließbar"],
    name: { en: "Lockable Mobile Pedestal with 3 Drawers", de: "Abschließbarer Rollcontainer mit 3 Schubladen", fr: "Caisson mobile verrouillable à 3 tiroirs", ar: "خزانة أدراج متنقلة بقفل، 3 أدراج" },
    description: {
      en: "A steel pedestal on smooth-running castors that fits under most desks. The lower drawer takes hanging files, and one central lock secures all three drawers.",
      de: "Ein Rollcontainer aus Stahl auf leichtgängigen Rollen, der unter die meisten Schreibtische passt. Die untere Schublade nimmt Hängeregister auf, ein Zentralschloss sichert alle drei Schubladen.",
      fr: "Un caisson en acier sur roulettes fluides qui se glisse sous la plupart des bureaux. Le tiroir du bas accueille des dossiers suspendus et une serrure centrale verrouille les trois tiroirs.",
      ar: "خزانة أدراج فولاذية على عجلات سلسة الحركة تناسب أسفل معظم المكاتب. يتسع الدرج السفلي للملفات المعلقة، ويؤمّن قفل مركزي واحد الأدراج الثلاثة.",
    },
  },
  {
    key: "stackable-storage-boxes-set-of-3", category: "storage-organization", art: "boxes",
    colors: ["#64748b", "#a3a3a3"], eur: 34.9, stock: 48,
    tags: ["aufbewahrung", "boxen", "storage", "stapelbar"],
    name: { en: "Stackable Storage Boxes, Set of 3", de: "Stapelbare Aufbewahrungsboxen, 3er-Set", fr: "Boîtes de rangement empilables, lot de 3", ar: "صناديق تخزين قابلة للتكديس، طقم من 3" },
    description: {
      en: "Sturdy boxes made of recycled cardboard with linen-look covers, lids and label holders. They stack safely on shelves and keep cables, documents and supplies out of sight.",
      de: "Stabile Boxen aus Recyclingkarton mit Bezug in Leinenoptik, Deckeln und Etikettenhaltern. Sie stapeln sich sicher im Regal und lassen Kabel, Unterlagen und Büromaterial verschwinden.",
      fr: "Des boîtes robustes en carton recyclé, habillées d'un revêtement effet lin, avec couvercles et porte-étiquettes. Elles s'empilent en toute sécurité sur les étagères et cachent câbles, documents et fournitures.",
      ar: "صناديق متينة من الكرتون المعاد تدويره بغطاء خارجي بملمس الكتان، مع أغطية وحاملات للملصقات. تُكدَّس بأمان على الرفوف وتخفي الكابلات والمستندات والأدوات المكتبية عن الأنظار.",
    },
  },
  {
    key: "modular-bookshelf-4-compartments", category: "storage-organization", art: "bookshelf",
    colors: ["#e0c9a6"], eur: 249, stock: 5,
    tags: ["regal", "bookshelf", "modular", "bücher"],
    name: { en: "Modular Bookshelf, 4 Compartments", de: "Modulares Bücherregal, 4 Fächer", fr: "Bibliothèque modulable, 4 casiers", ar: "مكتبة كتب معيارية، 4 أقسام" },
    description: {
      en: "Combine the open compartments into a low sideboard or a tall shelf, as the room requires. Made of oiled birch plywood with visible edges for a clean, Scandinavian look.",
      de: "Kombinieren Sie die offenen Fächer je nach Raum zu einem flachen Sideboard oder einem hohen Regal. Aus geöltem Birkensperrholz mit sichtbaren Kanten für einen klaren, skandinavischen Look.",
      fr: "Assemblez les casiers ouverts en buffet bas ou en étagère haute, selon la pièce. En contreplaqué de bouleau huilé aux chants apparents, pour un style scandinave épuré.",
      ar: "اجمع الأقسام المفتوحة لتكوين خزانة منخفضة أو رف طويل بحسب ما تتطلبه الغرفة. مصنوعة من خشب البتولا الرقائقي المزيت مع حواف ظاهرة لمظهر إسكندنافي أنيق.",
    },
  },
  {
    key: "magazine-file-holders-set-of-4", category: "storage-organization", art: "files",
    colors: ["#334155"], eur: 18.9, stock: 2,
    tags: ["stehsammler", "ordnung", "files", "a4"],
    name: { en: "Magazine File Holders, Set of 4", de: "Stehsammler, 4er-Set", fr: "Porte-revues, lot de 4", ar: "حوامل مجلات وملفات، طقم من 4" },
    description: {
      en: "Upright A4 holders for catalogues, brochures and loose documents. The sturdy board construction folds flat when not in use.",
      de: "Aufrechte A4-Sammler für Kataloge, Broschüren und lose Unterlagen. Die stabile Pappkonstruktion lässt sich flach zusammenfalten, wenn sie nicht gebraucht wird.",
      fr: "Des range-documents verticaux A4 pour catalogues, brochures et papiers volants. Leur construction robuste en carton se replie à plat quand on ne s'en sert pas.",
      ar: "حوامل رأسية بمقاس A4 للكتالوجات والكتيبات والمستندات المتفرقة. هيكلها المتين من الكرتون المقوى ينطوي بشكل مسطح عند عدم الاستخدام.",
    },
  },
  {
    key: "drawer-organizer-trays-set-of-8", category: "storage-organization", art: "trays",
    colors: ["#f1f5f9"], eur: 21.9, stock: 39,
    tags: ["schubladeneinsatz", "organizer", "trays", "ordnung"],
    name: { en: "Drawer Organizer Trays, Set of 8", de: "Schubladen-Ordnungssystem, 8-teilig", fr: "Bacs de rangement pour tiroir, lot de 8", ar: "صواني تنظيم الأدراج، طقم من 8" },
    description: {
      en: "Eight trays in four sizes that you can arrange freely inside any desk drawer. Non-slip pads keep them in place, so paper clips, chargers and pens stay sorted.",
      de: "Acht Schalen in vier Größen, die sich in jeder Schreibtischschublade frei anordnen lassen. Rutschfeste Pads halten sie an Ort und Stelle, damit Büroklammern, Ladekabel und Stifte sortiert bleiben.",
      fr: "Huit bacs de quatre tailles à disposer librement dans n'importe quel tiroir de bureau. Des patins antidérapants les maintiennent en place pour que trombones, chargeurs et stylos restent triés.",
      ar: "ثماني صوانٍ بأربعة مقاسات يمكنك ترتيبها بحرية داخل أي درج مكتب. تثبّتها وسادات مانعة للانزلاق في مكانها، فتبقى مشابك الورق والشواحن والأقلام مرتبة.",
    },
  },

  // ───────────────────────── 11 kids-teens ─────────────────────────
  {
    key: "ergonomic-kids-desk-chair", category: "kids-teens", art: "chair", opt: "kids",
    colors: ["#2563eb", "#db2777", "#16a34a"], eur: 129, originalEur: 159, stock: 20, featured: true,
    tags: ["kinderstuhl", "kids", "ergonomie", "schreibtischstuhl"],
    name: { en: "Ergonomic Kids Desk Chair", de: "Ergonomischer Kinderschreibtischstuhl", fr: "Chaise de bureau ergonomique pour enfant", ar: "كرسي مكتب مريح للأطفال" },
    description: {
      en: "The seat height and depth grow with your child from about six years of age. A sprung backrest encourages active sitting, and braked castors stop the chair from rolling away when nobody is sitting on it.",
      de: "Sitzhöhe und Sitztiefe wachsen ab etwa sechs Jahren mit Ihrem Kind mit. Die gefederte Rückenlehne fördert aktives Sitzen, und gebremste Rollen verhindern, dass der Stuhl unbesetzt wegrollt.",
      fr: "La hauteur et la profondeur d'assise évoluent avec votre enfant dès six ans environ. Le dossier à ressort favorise une assise active et les roulettes freinées empêchent la chaise de rouler quand personne n'est assis.",
      ar: "ينمو ارتفاع المقعد وعمقه مع طفلك بدءًا من عمر ست سنوات تقريبًا. يشجع مسند الظهر المرن على الجلوس النشط، وتمنع العجلات المزودة بفرامل تدحرج الكرسي عندما لا يجلس عليه أحد.",
    },
  },
  {
    key: "height-adjustable-kids-desk", category: "kids-teens", art: "desk", opt: "kids",
    colors: ["#f8fafc", "#0ea5e9"], eur: 219, stock: 9,
    tags: ["kinderschreibtisch", "kids desk", "höhenverstellbar", "schule"],
    name: { en: "Height-Adjustable Kids Desk", de: "Höhenverstellbarer Kinderschreibtisch", fr: "Bureau enfant réglable en hauteur", ar: "مكتب أطفال قابل لتعديل الارتفاع" },
    description: {
      en: "A desk that grows with your child from first grade to secondary school, with a top that tilts up to 45° for reading and drawing. Rounded edges, a pencil groove and a large drawer make homework easier.",
      de: "Ein Schreibtisch, der von der ersten Klasse bis zur weiterführenden Schule mitwächst, mit einer bis 45° neigbaren Platte zum Lesen und Zeichnen. Abgerundete Kanten, eine Stiftrille und eine große Schublade erleichtern die Hausaufgaben.",
      fr: "Un bureau qui grandit du CP au collège, avec un plateau inclinable jusqu'à 45° pour lire et dessiner. Bords arrondis, rainure à crayons et grand tiroir facilitent les devoirs.",
      ar: "مكتب ينمو مع طفلك من الصف الأول حتى المرحلة المتوسطة، بسطح يميل حتى 45° للقراءة والرسم. الحواف المستديرة ومجرى الأقلام والدرج الكبير تجعل أداء الواجبات المدرسية أسهل.",
    },
  },
  {
    key: "ergonomic-school-backpack", category: "kids-teens", art: "backpack",
    colors: ["#0ea5e9", "#e11d48"], eur: 89.9, stock: 26,
    tags: ["schulrucksack", "backpack", "ergonomie", "schule"],
    name: { en: "Ergonomic School Backpack", de: "Ergonomischer Schulrucksack", fr: "Sac à dos scolaire ergonomique", ar: "حقيبة ظهر مدرسية مريحة" },
    description: {
      en: "An adjustable back system, padded straps and a chest strap spread the weight evenly across the shoulders. Reflective strips improve visibility on the way to school, and a padded sleeve protects a tablet.",
      de: "Ein verstellbares Rückensystem, gepolsterte Gurte und ein Brustgurt verteilen das Gewicht gleichmäßig auf die Schultern. Reflektorstreifen sorgen für bessere Sichtbarkeit auf dem Schulweg, ein gepolstertes Fach schützt das Tablet.",
      fr: "Un dos réglable, des bretelles rembourrées et une sangle de poitrine répartissent le poids sur les épaules. Des bandes réfléchissantes améliorent la visibilité sur le chemin de l'école et une pochette rembourrée protège la tablette.",
      ar: "يوزع نظام الظهر القابل للتعديل والأحزمة المبطنة وحزام الصدر الوزن بالتساوي على الكتفين. تزيد الأشرطة العاكسة من وضوح الرؤية في الطريق إلى المدرسة، ويحمي جيب مبطن الجهاز اللوحي.",
    },
  },
  {
    key: "kids-led-desk-lamp", category: "kids-teens", art: "lamp", opt: "kids",
    colors: ["#f59e0b"], eur: 29.9, stock: 29,
    tags: ["kinderlampe", "lamp", "led", "lesen"],
    name: { en: "Kids LED Desk Lamp", de: "LED-Schreibtischlampe für Kinder", fr: "Lampe de bureau LED pour enfant", ar: "مصباح مكتب LED للأطفال" },
    description: {
      en: "A flexible lamp with flicker-free, low-glare light that is gentle on young eyes. The built-in timer reminds children to take a break after 40 minutes of homework.",
      de: "Eine flexible Leuchte mit flimmerfreiem, blendarmem Licht, das junge Augen schont. Der integrierte Timer erinnert Kinder nach 40 Minuten Hausaufgaben an eine Pause.",
      fr: "Une lampe flexible à la lumière sans scintillement et anti-éblouissement, douce pour les jeunes yeux. Son minuteur intégré rappelle aux enfants de faire une pause après 40 minutes de devoirs.",
      ar: "مصباح مرن بإضاءة خالية من الوميض وقليلة الوهج تحمي عيون الصغار. يذكّر المؤقت المدمج الأطفال بأخذ استراحة بعد 40 دقيقة من أداء الواجبات.",
    },
  },
  {
    key: "colour-pencil-set-48", category: "kids-teens", art: "pencils",
    colors: ["#c2410c"], eur: 24.9, stock: 61,
    tags: ["buntstifte", "pencils", "malen", "schule"],
    name: { en: "Colour Pencil Set, 48 Colours", de: "Buntstifte-Set, 48 Farben", fr: "Coffret de crayons de couleur, 48 couleurs", ar: "طقم أقلام تلوين، 48 لونًا" },
    description: {
      en: "Break-resistant pencils with soft, highly pigmented leads for drawing, shading and school projects. They come in a sturdy tin with a colour chart.",
      de: "Bruchfeste Stifte mit weichen, stark pigmentierten Minen zum Zeichnen, Schattieren und für Schulprojekte. Sie kommen in einer stabilen Metalldose mit Farbkarte.",
      fr: "Des crayons résistants à la casse, aux mines tendres et très pigmentées, pour dessiner, ombrer et réaliser des projets scolaires. Ils sont livrés dans une boîte en métal solide avec nuancier.",
      ar: "أقلام مقاومة للكسر برؤوس ناعمة غنية بالألوان للرسم والتظليل والمشاريع المدرسية. تأتي في علبة معدنية متينة مع دليل للألوان.",
    },
  },

  // ───────────────────────── 12 seasonal-gifts ─────────────────────────
  {
    key: "office-advent-calendar", category: "seasonal-gifts", art: "advent",
    colors: ["#b91c1c"], eur: 49.9, stock: 22, featured: true,
    tags: ["adventskalender", "weihnachten", "advent", "team"],
    name: { en: "Office Advent Calendar", de: "Adventskalender fürs Büro", fr: "Calendrier de l'Avent pour le bureau", ar: "تقويم المجيء للمكتب" },
    description: {
      en: "Twenty-four little doors hide chocolates, teas, sticky notes and small desk gadgets for the whole team. The sturdy box can be refilled and used again next year.",
      de: "Hinter 24 Türchen verbergen sich Schokolade, Tee, Haftnotizen und kleine Schreibtisch-Gadgets für das ganze Team. Die stabile Box lässt sich im nächsten Jahr wieder befüllen.",
      fr: "Vingt-quatre petites portes cachent chocolats, thés, notes adhésives et petits gadgets de bureau pour toute l'équipe. La boîte solide peut être remplie à nouveau l'année prochaine.",
      ar: "تخبئ أربع وعشرون نافذة صغيرة قطع الشوكولاتة وأنواع الشاي والأوراق اللاصقة وأدوات مكتبية صغيرة للفريق بأكمله. ويمكن إعادة تعبئة العلبة المتينة واستخدامها مجددًا في العام القادم.",
    },
  },
  {
    key: "winter-spice-scented-candle", category: "seasonal-gifts", art: "candle",
    colors: ["#b45309", "#166534"], eur: 19.9, stock: 3,
    tags: ["kerze", "candle", "winter", "duft"],
    name: { en: "Winter Spice Scented Candle", de: "Duftkerze „Winter Spice“", fr: "Bougie parfumée Épices d'hiver", ar: "شمعة معطرة بتوابل الشتاء" },
    description: {
      en: "A soy wax candle with notes of cinnamon, orange and clove in a reusable amber glass. Its cotton wick burns cleanly for up to 45 hours.",
      de: "Eine Sojawachskerze mit Noten von Zimt, Orange und Nelke im wiederverwendbaren Bernsteinglas. Der Baumwolldocht brennt bis zu 45 Stunden sauber ab.",
      fr: "Une bougie en cire de soja aux notes de cannelle, d'orange et de clou de girofle, dans un verre ambré réutilisable. Sa mèche en coton brûle proprement pendant jusqu'à 45 heures.",
      ar: "شمعة من شمع الصويا بنفحات القرفة والبرتقال والقرنفل في وعاء زجاجي كهرماني قابل لإعادة الاستخدام. تحترق فتيلتها القطنية بشكل نظيف لمدة تصل إلى 45 ساعة.",
    },
  },
  {
    key: "christmas-gift-hamper", category: "seasonal-gifts", art: "hamper",
    colors: ["#b91c1c", "#166534"], eur: 89, originalEur: 109, stock: 14,
    tags: ["präsentkorb", "weihnachten", "hamper", "kunden"],
    name: { en: "Christmas Gift Hamper for Clients", de: "Weihnachtlicher Präsentkorb für Kunden", fr: "Panier gourmand de Noël pour clients", ar: "سلة هدايا عيد الميلاد للعملاء" },
    description: {
      en: "A wicker basket filled with Stollen, fine chocolate, festive tea, roasted almonds and a bottle of non-alcoholic punch. A generous thank-you for clients and business partners at the end of the year.",
      de: "Ein Weidenkorb mit Stollen, feiner Schokolade, Weihnachtstee, gebrannten Mandeln und einer Flasche alkoholfreiem Punsch. Ein großzügiges Dankeschön für Kunden und Geschäftspartner zum Jahresende.",
      fr: "Un panier en osier garni de stollen, de chocolat fin, de thé de Noël, d'amandes grillées et d'une bouteille de punch sans alcool. Un généreux remerciement de fin d'année pour vos clients et partenaires.",
      ar: "سلة من الخوص مليئة بكعكة الشتولن والشوكولاتة الفاخرة وشاي الأعياد واللوز المحمص وزجاجة من مشروب البنش الخالي من الكحول. تعبير سخي عن الشكر للعملاء وشركاء العمل في نهاية العام.",
    },
  },
  {
    key: "winter-mug-gift-set", category: "seasonal-gifts", art: "mug", opt: "festive",
    colors: ["#b91c1c"], eur: 24.9, stock: 0,
    tags: ["tasse", "winter", "geschenkset", "kakao"],
    name: { en: "Winter Mug Gift Set", de: "Winterbecher-Geschenkset", fr: "Coffret mug d'hiver", ar: "طقم هدايا كوب الشتاء" },
    description: {
      en: "A large enamel-look mug with a snowflake pattern, packed with hot chocolate mix and a wooden spoon. A cosy little present for colleagues in the cold season.",
      de: "Ein großer Becher in Emaille-Optik mit Schneeflockenmuster, zusammen mit Trinkschokolade und Holzlöffel verpackt. Ein gemütliches kleines Geschenk für Kollegen in der kalten Jahreszeit.",
      fr: "Un grand mug effet émaillé à motif de flocons, accompagné d'un mélange pour chocolat chaud et d'une cuillère en bois. Un petit cadeau douillet pour les collègues pendant la saison froide.",
      ar: "كوب كبير بمظهر المينا مزين بنقشة ندف الثلج، مغلف مع خليط الشوكولاتة الساخنة وملعقة خشبية. هدية صغيرة دافئة للزملاء في موسم البرد.",
    },
  },
  {
    key: "fairy-light-desk-jar", category: "seasonal-gifts", art: "lightjar",
    colors: ["#e2e8f0"], eur: 17.9, stock: 35,
    tags: ["lichterkette", "fairy lights", "deko", "glas"],
    name: { en: "Fairy Light Desk Jar", de: "Lichterglas für den Schreibtisch", fr: "Bocal lumineux de bureau", ar: "جرة مضيئة للمكتب" },
    description: {
      en: "A glass jar with 30 warm-white micro LEDs on copper wire, perfect for a festive glow on the desk or shelf. The six-hour timer switches it off automatically.",
      de: "Ein Glas mit 30 warmweißen Mikro-LEDs an Kupferdraht – perfekt für festlichen Glanz auf Schreibtisch oder Regal. Der Sechs-Stunden-Timer schaltet es automatisch aus.",
      fr: "Un bocal en verre avec 30 micro-LED blanc chaud sur fil de cuivre, parfait pour une touche festive sur le bureau ou l'étagère. La minuterie de six heures l'éteint automatiquement.",
      ar: "جرة زجاجية تضم 30 مصباح LED صغيرًا بإضاءة بيضاء دافئة على سلك نحاسي، مثالية لأجواء احتفالية على المكتب أو الرف. ويطفئها مؤقت الساعات الست تلقائيًا.",
    },
  },

  // ───────────────────────── 13 budget-deals ─────────────────────────
  {
    key: "sticky-notes-mega-pack", category: "budget-deals", art: "stickynotes",
    colors: ["#facc15"], eur: 7.99, originalEur: 9.99, stock: 80, featured: true,
    tags: ["haftnotizen", "sticky notes", "notizen", "günstig"],
    name: { en: "Sticky Notes Mega Pack, 12 Pads", de: "Haftnotizen Mega-Pack, 12 Blöcke", fr: "Notes adhésives méga pack, 12 blocs", ar: "عبوة أوراق لاصقة كبيرة، 12 دفترًا" },
    description: {
      en: "Twelve pads of 100 sheets each in six bright colours. The strong adhesive holds on monitors, walls and files and peels off without residue.",
      de: "Zwölf Blöcke mit je 100 Blatt in sechs leuchtenden Farben. Der starke Kleber hält an Monitoren, Wänden und Ordnern und lässt sich rückstandslos ablösen.",
      fr: "Douze blocs de 100 feuilles chacun en six couleurs vives. L'adhésif puissant tient sur les écrans, les murs et les classeurs et se retire sans laisser de traces.",
      ar: "اثنا عشر دفترًا يضم كل منها 100 ورقة بستة ألوان زاهية. تلتصق بقوة على الشاشات والجدران والملفات وتُزال دون أن تترك أثرًا.",
    },
  },
  {
    key: "ballpoint-pens-20-pack", category: "budget-deals", art: "pens", opt: "pack",
    colors: ["#1d4ed8"], eur: 5.99, stock: 75,
    tags: ["kugelschreiber", "pens", "vorrat", "günstig"],
    name: { en: "Ballpoint Pens, 20-Pack", de: "Kugelschreiber, 20er-Pack", fr: "Stylos à bille, lot de 20", ar: "أقلام حبر جاف، عبوة من 20" },
    description: {
      en: "Reliable retractable ballpoints with a rubber grip, 10 in blue and 10 in black. Ideal for restocking the office supply cupboard.",
      de: "Zuverlässige Druckkugelschreiber mit Gummigriff, je 10 in Blau und Schwarz. Ideal, um den Büromaterialschrank aufzufüllen.",
      fr: "Des stylos rétractables fiables avec grip en caoutchouc, 10 bleus et 10 noirs. Idéal pour réapprovisionner l'armoire à fournitures.",
      ar: "أقلام حبر جاف موثوقة بزر ضغط ومقبض مطاطي، 10 باللون الأزرق و10 باللون الأسود. مثالية لتزويد خزانة اللوازم المكتبية.",
    },
  },
  {
    key: "basic-led-desk-lamp", category: "budget-deals", art: "lamp", opt: "gooseneck",
    colors: ["#f8fafc"], eur: 14.99, originalEur: 19.99, stock: 4,
    tags: ["lampe", "lamp", "led", "günstig"],
    name: { en: "Basic LED Desk Lamp", de: "LED-Schreibtischlampe Basic", fr: "Lampe de bureau LED Basic", ar: "مصباح مكتب LED أساسي" },
    description: {
      en: "A simple, energy-saving LED lamp with a flexible gooseneck and a touch switch. It gives reliable light at the desk for a small price.",
      de: "Eine einfache, energiesparende LED-Leuchte mit flexiblem Schwanenhals und Touch-Schalter. Sie spendet zuverlässiges Licht am Schreibtisch zum kleinen Preis.",
      fr: "Une lampe LED simple et économe en énergie, avec col de cygne flexible et interrupteur tactile. Un éclairage fiable pour le bureau à petit prix.",
      ar: "مصباح LED بسيط وموفر للطاقة بعنق مرن ومفتاح لمسي. يوفر إضاءة موثوقة للمكتب بسعر زهيد.",
    },
  },
  {
    key: "metal-mesh-desk-organizer", category: "budget-deals", art: "organizer", opt: "mesh",
    colors: ["#1f2937"], eur: 9.99, stock: 57,
    tags: ["organizer", "stiftehalter", "mesh", "günstig"],
    name: { en: "Metal Mesh Desk Organizer", de: "Schreibtisch-Organizer aus Metallgitter", fr: "Organiseur de bureau en métal grillagé", ar: "منظم مكتب من الشبك المعدني" },
    description: {
      en: "A black metal mesh organizer with five compartments and a small drawer for clips. Sturdy, simple and quick to tidy up any desk.",
      de: "Ein schwarzer Organizer aus Metallgitter mit fünf Fächern und einer kleinen Schublade für Klammern. Stabil, schlicht und im Handumdrehen für Ordnung auf jedem Schreibtisch.",
      fr: "Un organiseur noir en métal grillagé avec cinq compartiments et un petit tiroir pour les trombones. Solide, simple et idéal pour ranger n'importe quel bureau en un instant.",
      ar: "منظم أسود من الشبك المعدني بخمسة أقسام ودرج صغير للمشابك. متين وبسيط ويرتب أي مكتب في لحظات.",
    },
  },
  {
    key: "a4-ring-binders-5-pack", category: "budget-deals", art: "binders",
    colors: ["#0369a1"], eur: 11.9, stock: 50,
    tags: ["ringordner", "ordner", "binder", "a4"],
    name: { en: "A4 Ring Binders, 5-Pack", de: "A4-Ringordner, 5er-Pack", fr: "Classeurs à anneaux A4, lot de 5", ar: "ملفات بحلقات مقاس A4، عبوة من 5" },
    description: {
      en: "Sturdy 2-ring binders with a 4 cm spine in five colours for clear colour-coding. The spine pocket takes a replaceable label.",
      de: "Stabile 2-Ring-Ordner mit 4 cm Rückenbreite in fünf Farben für eine klare Farbcodierung. Die Rückentasche nimmt ein austauschbares Etikett auf.",
      fr: "Des classeurs robustes à 2 anneaux, dos de 4 cm, en cinq couleurs pour un classement par code couleur. La pochette au dos accueille une étiquette remplaçable.",
      ar: "ملفات متينة بحلقتين وعرض ظهر 4 سم بخمسة ألوان لتصنيف واضح بالألوان. ويتسع جيب الظهر لملصق قابل للاستبدال.",
    },
  },
];

/** The four demo offers (texts per language; German is the fallback), linked to products by key: they show the product's price. */
// prettier-ignore
export const offers = [
  {
    key: "mesh-chair", product: "ergonomic-mesh-office-chair", art: "chair", opt: "mesh", category: "home-office", color: "#1f2937",
    title: { de: "Ergonomie-Woche: Mesh-Bürostuhl", en: "Ergonomics week: mesh office chair", fr: "Semaine de l'ergonomie : chaise de bureau en mesh", ar: "أسبوع بيئة العمل: كرسي مكتب شبكي" },
    subtitle: {
      de: "Atmungsaktiver Netzrücken, Lordosenstütze und 3D-Armlehnen für entspanntes Sitzen den ganzen Tag.",
      en: "Breathable mesh back, lumbar support and 3D armrests for relaxed sitting all day long.",
      fr: "Dossier en mesh respirant, soutien lombaire et accoudoirs 3D pour une assise détendue toute la journée.",
      ar: "ظهر شبكي يسمح بمرور الهواء ودعم لأسفل الظهر ومساند ذراعين ثلاثية الأبعاد لجلوس مريح طوال اليوم.",
    },
    timeLeft: { de: "3 Tage", en: "3 days", fr: "3 jours", ar: "3 أيام" }, featured: true,
  },
  {
    key: "standing-desk", product: "height-adjustable-standing-desk", art: "desk", opt: "standing", category: "productivity-work", color: "#d6a760",
    title: { de: "Steh-Sitz-Schreibtisch zum Aktionspreis", en: "Sit-stand desk at a special price", fr: "Bureau assis-debout à prix promotionnel", ar: "مكتب للجلوس والوقوف بسعر خاص" },
    subtitle: {
      de: "Elektrisch höhenverstellbar mit vier Memory-Positionen – mehr Bewegung im Arbeitsalltag.",
      en: "Electrically height-adjustable with four memory positions – more movement in your working day.",
      fr: "Réglable en hauteur électriquement avec quatre positions mémorisées – plus de mouvement au travail.",
      ar: "قابل لتعديل الارتفاع كهربائيًا مع أربعة أوضاع محفوظة – حركة أكثر في يوم العمل.",
    },
    timeLeft: { de: "5 Tage", en: "5 days", fr: "5 jours", ar: "5 أيام" }, featured: false,
  },
  {
    key: "headphones", product: "noise-cancelling-headphones", art: "headphones", category: "audio-ambiance", color: "#1f2937",
    title: { de: "Ruhe im Großraumbüro", en: "Quiet in the open-plan office", fr: "Le calme dans l'open space", ar: "هدوء في المكتب المفتوح" },
    subtitle: {
      de: "Kopfhörer mit aktiver Geräuschunterdrückung und bis zu 40 Stunden Akkulaufzeit.",
      en: "Headphones with active noise cancelling and up to 40 hours of battery life.",
      fr: "Casque à réduction active du bruit et jusqu'à 40 heures d'autonomie.",
      ar: "سماعات بخاصية إلغاء الضوضاء النشط وبطارية تدوم حتى 40 ساعة.",
    },
    timeLeft: { de: "7 Tage", en: "7 days", fr: "7 jours", ar: "7 أيام" }, featured: false,
  },
  {
    key: "espresso", product: "compact-office-espresso-machine", art: "coffeemachine", category: "coffee-tea", color: "#b91c1c",
    title: { de: "Barista-Genuss fürs Team", en: "Barista coffee for the team", fr: "Un café de barista pour l'équipe", ar: "قهوة باريستا للفريق" },
    subtitle: {
      de: "Kompakte Siebträger-Espressomaschine mit Milchaufschäumdüse für die Büroküche.",
      en: "Compact portafilter espresso machine with a milk frother for the office kitchen.",
      fr: "Machine à expresso compacte à porte-filtre avec buse vapeur pour la cuisine du bureau.",
      ar: "آلة إسبريسو مدمجة بحامل فلتر وفوهة لرغوة الحليب لمطبخ المكتب.",
    },
    timeLeft: { de: "3 Tage", en: "3 days", fr: "3 jours", ar: "3 أيام" }, featured: false,
  },
];

export const categoryOrder = [
  "office-gifts", "productivity-work", "luxury-comfort", "coffee-tea", "decor-walls", "home-office",
  "audio-ambiance", "office-plants", "sustainable-supplies", "storage-organization", "kids-teens",
  "seasonal-gifts", "budget-deals",
];

// ───────────────────────── derived values ─────────────────────────

/** Fixed UUID number n (1-based): 00000000-0000-4000-8000-00000000000n. */
export function productId(n) {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}
function offerId(n) {
  return `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
}

const cents = (v) => Math.round(v * 100);
/** Smallest x.90 strictly above `eur` and at least eur × 1.06 (CHF is a little dearer). */
export function chfFromEur(eur) {
  const target = cents(eur) * 1.06;
  let c = Math.ceil((target - 90) / 100) * 100 + 90;
  if (c <= cents(eur)) c += 100;
  return c / 100;
}
/** The base (USD-ish) price: at least eur × 1.08, ending in .99. */
export function baseFromEur(eur) {
  const target = cents(eur) * 1.08;
  return (Math.ceil((target - 99) / 100) * 100 + 99) / 100;
}

export function imagesOf(p) {
  return p.colors.map((_, i) => `/images/products/${p.key}${i === 0 ? "" : `-${i + 1}`}.svg`);
}

/** Hours before "now" for created_at: interleaves categories, so "newest first" mixes them. */
function hoursAgo(p) {
  const c = categoryOrder.indexOf(p.category);
  const pos = products.filter((q) => q.category === p.category).indexOf(p);
  return (pos * categoryOrder.length + c) * 5 + 2;
}

/** Everything the SQL needs, with ids, prices and images filled in. */
export function catalogue() {
  const keys = new Set();
  return products.map((p, i) => {
    if (keys.has(p.key)) throw new Error(`duplicate key ${p.key}`);
    keys.add(p.key);
    if (!categoryOrder.includes(p.category)) throw new Error(`unknown category ${p.category} (${p.key})`);
    for (const l of ["en", "de", "fr", "ar"]) {
      if (!p.name[l] || !p.description[l]) throw new Error(`missing ${l} text for ${p.key}`);
    }
    if (p.tags.length < 3 || p.tags.length > 5) throw new Error(`tags of ${p.key}`);
    if (p.tags.some((t) => t !== t.toLowerCase())) throw new Error(`tags of ${p.key} must be lowercase`);
    const row = {
      id: productId(i + 1),
      ...p,
      // On sale: the regular price is the original one, the sale price what the product costs now.
      price: baseFromEur(p.originalEur ?? p.eur),
      priceEur: p.originalEur ?? p.eur,
      priceChf: chfFromEur(p.originalEur ?? p.eur),
      salePrice: p.originalEur ? baseFromEur(p.eur) : null,
      salePriceEur: p.originalEur ? p.eur : null,
      salePriceChf: p.originalEur ? chfFromEur(p.eur) : null,
      images: imagesOf(p),
      inStock: p.stock > 0,
      featured: Boolean(p.featured),
      hoursAgo: hoursAgo(p),
    };
    if (row.salePriceEur !== null) {
      if (!(row.salePriceEur < row.priceEur && row.salePriceChf < row.priceChf && row.salePrice < row.price)) {
        throw new Error(`sale price of ${p.key} must be below its price`);
      }
    }
    return row;
  });
}

// ───────────────────────── SQL ─────────────────────────

const q = (s) => `'${String(s).replace(/'/g, "''")}'`;
const money = (v) => (v === null ? "null" : v.toFixed(2));
const arr = (a) => (a.length === 0 ? "'{}'::text[]" : `array[${a.map(q).join(", ")}]::text[]`);

/**
 * How the demo's reductions came about (§ 11 PAngV shows a crossed-out price only when it is the
 * lowest of the 30 days before the reduction): every product had its regular price for 90 days; a
 * product on sale was reduced 6 days ago — except the headphones, which were already at 99 € from
 * day −24 to day −14, so their current reduction (since day −4) may name no previous price.
 */
export const reducedEarlier = new Set(["noise-cancelling-headphones"]);

function priceHistorySql(rows) {
  const out = [
    "-- Price history (§ 11 PAngV). The trigger wrote today's prices; the demo's story replaces them.",
    "update public.product_price_history set valid_from = now() - interval '90 days', sale_price = null;",
  ];
  const entry = (r, days, sale) =>
    `  (${q(r.id)}, 'EUR', ${money(r.priceEur)}, ${money(sale ? r.salePriceEur : null)}, now() - interval '${days} days'),\n` +
    `  (${q(r.id)}, 'CHF', ${money(r.priceChf)}, ${money(sale ? r.salePriceChf : null)}, now() - interval '${days} days')`;
  const values = [];
  for (const r of rows.filter((row) => row.salePriceEur !== null)) {
    if (reducedEarlier.has(r.key)) values.push(entry(r, 24, true), entry(r, 14, false), entry(r, 4, true));
    else values.push(entry(r, 6, true));
  }
  out.push(
    "insert into public.product_price_history (product_id, currency, price, sale_price, valid_from) values",
    values.join(",\n") + ";",
    "",
  );
  return out;
}

export function seedSql() {
  const rows = catalogue();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out = [];
  out.push(
    "-- Demo catalogue and offers. GENERATED by scripts/generate-demo-catalogue.mjs – edit the data there",
    "-- and run `node scripts/generate-demo-catalogue.mjs`. Runs once, on an empty catalogue, in one transaction.",
    "-- Product ids are fixed: 00000000-0000-4000-8000-0000000000NN (NN = position below, from 01).",
    "",
  );
  for (const r of rows) {
    out.push(
      `-- ${r.id.slice(-4)} ${r.category}: ${r.name.en}`,
      "insert into public.products (id, name, name_de, name_fr, name_ar, description, description_de, description_fr, description_ar,",
      "  price, price_eur, price_chf, sale_price, sale_price_eur, sale_price_chf,",
      "  image, images, additional_images, video_url, category, in_stock, stock, featured, tags, created_at)",
      "values (",
      `  ${q(r.id)},`,
      `  ${q(r.name.en)},`,
      `  ${q(r.name.de)},`,
      `  ${q(r.name.fr)},`,
      `  ${q(r.name.ar)},`,
      `  ${q(r.description.en)},`,
      `  ${q(r.description.de)},`,
      `  ${q(r.description.fr)},`,
      `  ${q(r.description.ar)},`,
      `  ${money(r.price)}, ${money(r.priceEur)}, ${money(r.priceChf)}, ${money(r.salePrice)}, ${money(r.salePriceEur)}, ${money(r.salePriceChf)},`,
      `  ${q(r.images[0])}, ${arr(r.images)}, ${arr(r.images.slice(1))}, null,`,
      `  ${q(r.category)}, ${r.inStock}, ${r.stock}, ${r.featured}, ${arr(r.tags)},`,
      `  now() - interval '${r.hoursAgo} hours'`,
      ") on conflict (id) do nothing;",
      "",
    );
  }
  out.push(...priceHistorySql(rows));
  out.push("-- Promotional offers (home page carousel): they show their product's price.");
  offers.forEach((o, i) => {
    const product = byKey.get(o.product);
    if (!product) throw new Error(`offer ${o.key}: unknown product ${o.product}`);
    out.push(
      "insert into public.offers (id, title, title_en, title_fr, title_ar, subtitle, subtitle_en, subtitle_fr, subtitle_ar,",
      "  image, time_left, time_left_en, time_left_fr, time_left_ar, featured, product_id, position, created_at)",
      `values (${q(offerId(i + 1))}, ${["de", "en", "fr", "ar"].map((l) => q(o.title[l])).join(", ")},`,
      `  ${["de", "en", "fr", "ar"].map((l) => q(o.subtitle[l])).join(",\n  ")},`,
      `  ${q(`/images/offers/${o.key}.svg`)}, ${["de", "en", "fr", "ar"].map((l) => q(o.timeLeft[l])).join(", ")}, ${o.featured},`,
      `  ${q(product.id)}, ${i}, now() - interval '${i} minutes')`,
      "on conflict (id) do nothing;",
      "",
    );
  });
  out.push(demoProductSafetySql());
  return out.join("\n");
}

/**
 * The demo products' manufacturer and safety information (GPSR): the block between the markers of
 * the migration that added the columns, so new databases (this seed) and existing ones (the
 * migration) get the same.
 */
export const PRODUCT_SAFETY_MIGRATION = "supabase/migrations/20261127000100_product_safety.sql";
export function demoProductSafetySql() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const migration = readFileSync(path.join(root, PRODUCT_SAFETY_MIGRATION), "utf8");
  const match = /-- demo product safety: begin\n[\s\S]*?-- demo product safety: end\n/.exec(migration);
  if (!match) throw new Error(`${PRODUCT_SAFETY_MIGRATION}: no demo product safety block`);
  return match[0];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const file = path.join(root, "supabase", "seed.sql");
  writeFileSync(file, seedSql());
  const rows = catalogue();
  console.log(`wrote ${path.relative(root, file)}: ${rows.length} products, ${offers.length} offers`);
}
