ALTER TABLE "products" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "show_without_picture" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_region_known" CHECK ("products"."region" IS NULL OR "products"."region" IN ('Africa', 'Europe', 'Americas', 'Asia', 'Oceania'));--> statement-breakpoint
-- Until now a flag's region came from its name (src/shared/regions.ts); the flags keep those regions.
UPDATE "products" SET "region" = "known"."region"
FROM (VALUES
  ('ALGERIA', 'Africa'), ('ANGOLA', 'Africa'), ('BENIN', 'Africa'), ('BOTSWANA', 'Africa'), ('BURKINA FASO', 'Africa'),
  ('BURUNDI', 'Africa'), ('CABO VERDE', 'Africa'), ('CAPE VERDE', 'Africa'), ('CAMEROON', 'Africa'), ('CENTRAL AFRICAN REPUBLIC', 'Africa'),
  ('CHAD', 'Africa'), ('COMOROS', 'Africa'), ('CONGO', 'Africa'), ('REPUBLIC OF THE CONGO', 'Africa'), ('DEMOCRATIC REPUBLIC OF THE CONGO', 'Africa'),
  ('DR CONGO', 'Africa'), ('DJIBOUTI', 'Africa'), ('EGYPT', 'Africa'), ('EQUATORIAL GUINEA', 'Africa'), ('ERITREA', 'Africa'),
  ('ESWATINI', 'Africa'), ('SWAZILAND', 'Africa'), ('ETHIOPIA', 'Africa'), ('GABON', 'Africa'), ('GAMBIA', 'Africa'),
  ('THE GAMBIA', 'Africa'), ('GHANA', 'Africa'), ('GUINEA', 'Africa'), ('GUINEA-BISSAU', 'Africa'), ('IVORY COAST', 'Africa'),
  ('COTE D''IVOIRE', 'Africa'), ('KENYA', 'Africa'), ('LESOTHO', 'Africa'), ('LIBERIA', 'Africa'), ('LIBYA', 'Africa'),
  ('MADAGASCAR', 'Africa'), ('MALAWI', 'Africa'), ('MALI', 'Africa'), ('MAURITANIA', 'Africa'), ('MAURITIUS', 'Africa'),
  ('MOROCCO', 'Africa'), ('MOZAMBIQUE', 'Africa'), ('NAMIBIA', 'Africa'), ('NIGER', 'Africa'), ('NIGERIA', 'Africa'),
  ('RWANDA', 'Africa'), ('SAO TOME AND PRINCIPE', 'Africa'), ('SENEGAL', 'Africa'), ('SEYCHELLES', 'Africa'), ('SIERRA LEONE', 'Africa'),
  ('SOMALIA', 'Africa'), ('SOUTH AFRICA', 'Africa'), ('SOUTH SUDAN', 'Africa'), ('SUDAN', 'Africa'), ('TANZANIA', 'Africa'),
  ('TOGO', 'Africa'), ('TUNISIA', 'Africa'), ('UGANDA', 'Africa'), ('ZAMBIA', 'Africa'), ('ZIMBABWE', 'Africa'),
  ('ALBANIA', 'Europe'), ('ANDORRA', 'Europe'), ('AUSTRIA', 'Europe'), ('BELARUS', 'Europe'), ('BELGIUM', 'Europe'),
  ('BOSNIA AND HERZEGOVINA', 'Europe'), ('BULGARIA', 'Europe'), ('CROATIA', 'Europe'), ('CYPRUS', 'Europe'), ('CZECHIA', 'Europe'),
  ('CZECH REPUBLIC', 'Europe'), ('DENMARK', 'Europe'), ('ENGLAND', 'Europe'), ('ESTONIA', 'Europe'), ('FINLAND', 'Europe'),
  ('FRANCE', 'Europe'), ('GERMANY', 'Europe'), ('GREAT BRITAIN', 'Europe'), ('GREECE', 'Europe'), ('HUNGARY', 'Europe'),
  ('ICELAND', 'Europe'), ('IRELAND', 'Europe'), ('ITALY', 'Europe'), ('KOSOVO', 'Europe'), ('LATVIA', 'Europe'),
  ('LIECHTENSTEIN', 'Europe'), ('LITHUANIA', 'Europe'), ('LUXEMBOURG', 'Europe'), ('MALTA', 'Europe'), ('MOLDOVA', 'Europe'),
  ('MONACO', 'Europe'), ('MONTENEGRO', 'Europe'), ('NETHERLANDS', 'Europe'), ('THE NETHERLANDS', 'Europe'), ('HOLLAND', 'Europe'),
  ('NORTH MACEDONIA', 'Europe'), ('MACEDONIA', 'Europe'), ('NORTHERN IRELAND', 'Europe'), ('NORWAY', 'Europe'), ('POLAND', 'Europe'),
  ('PORTUGAL', 'Europe'), ('ROMANIA', 'Europe'), ('RUSSIA', 'Europe'), ('RUSSIAN FEDERATION', 'Europe'), ('SAN MARINO', 'Europe'),
  ('SCOTLAND', 'Europe'), ('SERBIA', 'Europe'), ('SLOVAKIA', 'Europe'), ('SLOVENIA', 'Europe'), ('SPAIN', 'Europe'),
  ('SWEDEN', 'Europe'), ('SWITZERLAND', 'Europe'), ('UKRAINE', 'Europe'), ('UNITED KINGDOM', 'Europe'), ('UK', 'Europe'),
  ('VATICAN CITY', 'Europe'), ('HOLY SEE', 'Europe'), ('WALES', 'Europe'), ('ANTIGUA AND BARBUDA', 'Americas'), ('ARGENTINA', 'Americas'),
  ('BAHAMAS', 'Americas'), ('THE BAHAMAS', 'Americas'), ('BARBADOS', 'Americas'), ('BELIZE', 'Americas'), ('BOLIVIA', 'Americas'),
  ('BRAZIL', 'Americas'), ('CANADA', 'Americas'), ('CHILE', 'Americas'), ('COLOMBIA', 'Americas'), ('COSTA RICA', 'Americas'),
  ('CUBA', 'Americas'), ('DOMINICA', 'Americas'), ('DOMINICAN REPUBLIC', 'Americas'), ('ECUADOR', 'Americas'), ('EL SALVADOR', 'Americas'),
  ('GRENADA', 'Americas'), ('GUATEMALA', 'Americas'), ('GUYANA', 'Americas'), ('HAITI', 'Americas'), ('HONDURAS', 'Americas'),
  ('JAMAICA', 'Americas'), ('MEXICO', 'Americas'), ('NICARAGUA', 'Americas'), ('PANAMA', 'Americas'), ('PARAGUAY', 'Americas'),
  ('PERU', 'Americas'), ('PUERTO RICO', 'Americas'), ('SAINT KITTS AND NEVIS', 'Americas'), ('ST KITTS AND NEVIS', 'Americas'), ('SAINT LUCIA', 'Americas'),
  ('ST LUCIA', 'Americas'), ('SAINT VINCENT AND THE GRENADINES', 'Americas'), ('ST VINCENT AND THE GRENADINES', 'Americas'), ('SURINAME', 'Americas'), ('TRINIDAD AND TOBAGO', 'Americas'),
  ('UNITED STATES OF AMERICA', 'Americas'), ('UNITED STATES', 'Americas'), ('USA', 'Americas'), ('URUGUAY', 'Americas'), ('VENEZUELA', 'Americas'),
  ('AFGHANISTAN', 'Asia'), ('ARMENIA', 'Asia'), ('AZERBAIJAN', 'Asia'), ('BAHRAIN', 'Asia'), ('BANGLADESH', 'Asia'),
  ('BHUTAN', 'Asia'), ('BRUNEI', 'Asia'), ('CAMBODIA', 'Asia'), ('CHINA', 'Asia'), ('EAST TIMOR', 'Asia'),
  ('TIMOR-LESTE', 'Asia'), ('GEORGIA', 'Asia'), ('HONG KONG', 'Asia'), ('INDIA', 'Asia'), ('INDONESIA', 'Asia'),
  ('IRAN', 'Asia'), ('IRAQ', 'Asia'), ('ISRAEL', 'Asia'), ('JAPAN', 'Asia'), ('JORDAN', 'Asia'),
  ('KAZAKHSTAN', 'Asia'), ('KUWAIT', 'Asia'), ('KYRGYZSTAN', 'Asia'), ('LAOS', 'Asia'), ('LEBANON', 'Asia'),
  ('MALAYSIA', 'Asia'), ('MALDIVES', 'Asia'), ('MONGOLIA', 'Asia'), ('MYANMAR', 'Asia'), ('BURMA', 'Asia'),
  ('NEPAL', 'Asia'), ('NORTH KOREA', 'Asia'), ('OMAN', 'Asia'), ('PAKISTAN', 'Asia'), ('PALESTINE', 'Asia'),
  ('PHILIPPINES', 'Asia'), ('QATAR', 'Asia'), ('SAUDI ARABIA', 'Asia'), ('SINGAPORE', 'Asia'), ('SOUTH KOREA', 'Asia'),
  ('SRI LANKA', 'Asia'), ('SYRIA', 'Asia'), ('TAIWAN', 'Asia'), ('TAJIKISTAN', 'Asia'), ('THAILAND', 'Asia'),
  ('TURKEY', 'Asia'), ('TURKIYE', 'Asia'), ('TURKMENISTAN', 'Asia'), ('UNITED ARAB EMIRATES', 'Asia'), ('UAE', 'Asia'),
  ('UZBEKISTAN', 'Asia'), ('VIETNAM', 'Asia'), ('YEMEN', 'Asia'), ('AUSTRALIA', 'Oceania'), ('FIJI', 'Oceania'),
  ('KIRIBATI', 'Oceania'), ('MARSHALL ISLANDS', 'Oceania'), ('MICRONESIA', 'Oceania'), ('NAURU', 'Oceania'), ('NEW ZEALAND', 'Oceania'),
  ('PALAU', 'Oceania'), ('PAPUA NEW GUINEA', 'Oceania'), ('SAMOA', 'Oceania'), ('SOLOMON ISLANDS', 'Oceania'), ('TONGA', 'Oceania'),
  ('TUVALU', 'Oceania'), ('VANUATU', 'Oceania')
) AS "known" ("name", "region")
WHERE upper(trim("products"."name")) = "known"."name";--> statement-breakpoint
-- Flags already shown without a picture stay shown: only flags added from now on wait for theirs.
UPDATE "products" SET "show_without_picture" = true
WHERE "is_active" AND NOT EXISTS (SELECT 1 FROM "product_images" WHERE "product_images"."product_id" = "products"."id");
