-- Product safety (GPSR, EU 2023/988 Art. 19): every offer names the manufacturer (name, postal and
-- electronic address), the EU responsible person when the manufacturer is outside the EU, a product
-- identifier (GTIN; the article number otherwise) and warnings / safety information per language
-- (safety_info is English like name and description; German is the fallback on the product page).
alter table public.products
  add column if not exists manufacturer_name text not null default '' check (char_length(manufacturer_name) <= 200),
  add column if not exists manufacturer_address text not null default '' check (char_length(manufacturer_address) <= 500),
  add column if not exists manufacturer_email text not null default '' check (char_length(manufacturer_email) <= 254),
  add column if not exists responsible_person text not null default '' check (char_length(responsible_person) <= 500),
  -- GTIN-8, -12, -13 or -14 (the check digit is checked by the app: app/utils/gtin.ts).
  add column if not exists gtin text check (gtin ~ '^([0-9]{8}|[0-9]{12,14})$'),
  add column if not exists safety_info text not null default '' check (char_length(safety_info) <= 5000),
  add column if not exists safety_info_de text not null default '' check (char_length(safety_info_de) <= 5000),
  add column if not exists safety_info_fr text not null default '' check (char_length(safety_info_fr) <= 5000),
  add column if not exists safety_info_ar text not null default '' check (char_length(safety_info_ar) <= 5000);

-- demo product safety: begin
-- The demo catalogue's products (fixed ids, supabase/seed.sql) are the shop's own (the Impressum's
-- company, app/utils/shop-details.server.ts) until the admin names another manufacturer; their GTINs
-- are GS1 restricted-circulation numbers (prefix 2), never a real trade item's. The same block ends
-- supabase/seed.sql (scripts/generate-demo-catalogue.mjs copies it), so new databases get it too.
update public.products p set
  manufacturer_name = 'OfficeHaus GmbH',
  manufacturer_address = 'Friedrichstraße 123, 10117 Berlin, Deutschland',
  manufacturer_email = 'info@officehaus.example',
  gtin = coalesce(p.gtin, '20260000' || right(p.id::text, 4) || ((10 - (
    select sum(substr('20260000' || right(p.id::text, 4), i, 1)::int * case when i % 2 = 0 then 3 else 1 end)
      from generate_series(1, 12) as i) % 10) % 10)::text),
  safety_info = s.en, safety_info_de = s.de, safety_info_fr = s.fr, safety_info_ar = s.ar
from (values
  ('furniture',
   'Vor dem Gebrauch die beiliegende Montageanleitung lesen und alle Schrauben fest anziehen; nach einigen Wochen nachziehen. Zulässige Höchstlast beachten, nicht darauf stehen oder klettern. Wandmontage nur mit für die Wand geeigneten Dübeln. Kleinteile bis zur Montage von Kindern fernhalten.',
   'Read the enclosed assembly instructions before use and tighten all screws; re-tighten them after a few weeks. Observe the maximum load; do not stand or climb on it. Mount on walls only with plugs suited to the wall. Keep small parts away from children until assembled.',
   'Lire la notice de montage jointe avant utilisation et serrer toutes les vis ; les resserrer après quelques semaines. Respecter la charge maximale ; ne pas monter ni grimper dessus. Fixation murale uniquement avec des chevilles adaptées au mur. Tenir les petites pièces hors de portée des enfants jusqu''au montage.',
   'اقرأ تعليمات التركيب المرفقة قبل الاستخدام وأحكم ربط جميع البراغي، ثم أعد ربطها بعد بضعة أسابيع. التزم بالحمولة القصوى، ولا تقف أو تتسلق عليه. ثبّته على الجدار فقط بمسامير تثبيت مناسبة للجدار. أبقِ القطع الصغيرة بعيدًا عن متناول الأطفال حتى يكتمل التركيب.'),
  ('electrical',
   'Elektrogerät: vor Gebrauch die Bedienungsanleitung lesen. Nur mit dem mitgelieferten Netzteil oder Kabel an geeigneten Steckdosen bzw. USB-Anschlüssen betreiben. Nicht mit nassen Händen bedienen, von Wasser fernhalten und nicht öffnen. Beschädigte Geräte oder Kabel nicht weiter benutzen. Akkus und Batterien nicht erhitzen oder kurzschließen. Altgeräte nicht im Hausmüll entsorgen.',
   'Electrical appliance: read the operating instructions before use. Operate only with the supplied power adapter or cable from suitable sockets or USB ports. Do not operate with wet hands, keep away from water and do not open. Stop using a damaged appliance or cable. Do not heat or short-circuit batteries. Do not dispose of with household waste.',
   'Appareil électrique : lire le mode d''emploi avant utilisation. Utiliser uniquement avec l''adaptateur ou le câble fourni, sur des prises ou ports USB adaptés. Ne pas manipuler avec les mains mouillées, tenir à l''écart de l''eau et ne pas ouvrir. Ne plus utiliser un appareil ou un câble endommagé. Ne pas chauffer ni court-circuiter les piles et batteries. Ne pas jeter avec les ordures ménagères.',
   'جهاز كهربائي: اقرأ دليل التشغيل قبل الاستخدام. شغّله فقط بالمحوّل أو الكابل المرفق ومن مقابس أو منافذ USB مناسبة. لا تستخدمه بيدين مبللتين، وأبعده عن الماء ولا تفتحه. توقّف عن استخدام الجهاز أو الكابل التالف. لا تعرّض البطاريات للحرارة ولا تُحدث فيها دائرة قصر. لا تتخلص منه مع النفايات المنزلية.'),
  ('candle',
   'Brennende Kerze nie unbeaufsichtigt lassen. Außerhalb der Reichweite von Kindern und Haustieren und fern von brennbaren Gegenständen aufstellen. Auf einer hitzebeständigen Unterlage verwenden.',
   'Never leave a burning candle unattended. Keep out of reach of children and pets and away from flammable objects. Use on a heat-resistant surface.',
   'Ne jamais laisser une bougie allumée sans surveillance. Tenir hors de portée des enfants et des animaux et à l''écart des objets inflammables. Utiliser sur un support résistant à la chaleur.',
   'لا تترك الشمعة المشتعلة دون مراقبة. أبعدها عن متناول الأطفال والحيوانات الأليفة وعن الأشياء القابلة للاشتعال. استخدمها على سطح مقاوم للحرارة.'),
  ('general',
   'Nur bestimmungsgemäß verwenden. Kann Kleinteile enthalten: von Kindern unter 3 Jahren fernhalten. Verpackungsmaterial nicht in Kinderhände geben.',
   'Use only as intended. May contain small parts: keep away from children under 3. Keep packaging away from children.',
   'N''utiliser que conformément à l''usage prévu. Peut contenir de petites pièces : tenir hors de portée des enfants de moins de 3 ans. Tenir l''emballage hors de portée des enfants.',
   'استخدمه فقط للغرض المخصص له. قد يحتوي على قطع صغيرة: أبعده عن متناول الأطفال دون 3 سنوات. أبقِ مواد التغليف بعيدًا عن الأطفال.')
) as s(kind, de, en, fr, ar)
where p.id::text like '00000000-0000-4000-8000-0000000000__'
  and p.manufacturer_name = ''
  and s.kind = case
    when right(p.id::text, 2) in ('06', '11', '22', '25', '26', '27', '29', '37', '46', '48', '51', '52') then 'furniture'
    when right(p.id::text, 2) in ('08', '14', '15', '16', '20', '28', '30', '31', '32', '33', '34', '35', '40', '54', '60', '63') then 'electrical'
    when right(p.id::text, 2) = '57' then 'candle'
    else 'general' end;
-- demo product safety: end
