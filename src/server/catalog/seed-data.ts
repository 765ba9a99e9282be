export interface SeedProduct {
  name: string;
  slug: string;
  countryCode: string;
  description: string;
  priceCents: number;
  salePriceCents?: number;
  featured?: boolean;
}

export const catalogueSeed: readonly SeedProduct[] = [
  // Africa
  {
    name: 'SOUTH AFRICA',
    slug: 'south-africa',
    countryCode: 'za',
    description:
      'First flown on 27 April 1994, the day of the first democratic elections, the South African flag was designed by State Herald Frederick Brownell. Its six colours meet in a horizontal Y shape, symbolising the convergence of diverse elements within society into a single road ahead. Printed on durable 150cm x 90cm polyester with a reinforced header and two brass grommets.',
    priceCents: 13000,
    featured: true,
  },
  {
    name: 'NAMIBIA',
    slug: 'namibia',
    countryCode: 'na',
    description:
      'Adopted at independence on 21 March 1990, the flag of Namibia features a red diagonal band edged in white separating a blue upper triangle from a green lower one. A golden sun with twelve triangular rays sits in the blue field, representing life and energy. Made from weather-resistant polyester in our standard 150cm x 90cm size.',
    priceCents: 15000,
    featured: true,
  },
  {
    name: 'BOTSWANA',
    slug: 'botswana',
    countryCode: 'bw',
    description:
      'Botswana adopted its flag on independence day, 30 September 1966. The light blue field stands for water and rain, or pula, while the black band bordered in white expresses racial harmony and recalls the zebra, the national animal. Our 150cm x 90cm polyester version is fade-resistant and finished with brass eyelets.',
    priceCents: 15000,
    salePriceCents: 12500,
  },
  {
    name: 'ZIMBABWE',
    slug: 'zimbabwe',
    countryCode: 'zw',
    description:
      'Adopted on 18 April 1980, the flag of Zimbabwe has seven horizontal stripes of green, yellow, red and black, with a white triangle at the hoist. The triangle carries a red star and the Zimbabwe Bird, a motif taken from the soapstone carvings found at Great Zimbabwe. Printed in full colour on hard-wearing 150cm x 90cm polyester.',
    priceCents: 19500,
  },
  {
    name: 'MOZAMBIQUE',
    slug: 'mozambique',
    countryCode: 'mz',
    description:
      'In use since 1 May 1983, the flag of Mozambique has green, black and yellow stripes separated by white bands, with a red triangle at the hoist. The triangle holds a yellow star bearing an open book, a hoe and a rifle with bayonet, making it one of the few national flags to show a modern firearm. This detailed design is printed on tough 150cm x 90cm polyester with double-stitched edges.',
    priceCents: 22000,
  },
  {
    name: 'LESOTHO',
    slug: 'lesotho',
    countryCode: 'ls',
    description:
      'Lesotho adopted its current flag on 4 October 2006 to mark 40 years of independence. Horizontal stripes of blue, white and green surround a black mokorotlo, the traditional Basotho hat, placed in the centre of the white band. Supplied as a 150cm x 90cm polyester flag ready for any standard flagpole.',
    priceCents: 16000,
  },
  {
    name: 'ESWATINI',
    slug: 'eswatini',
    countryCode: 'sz',
    description:
      'The flag of Eswatini was adopted on 6 October 1968, shortly after independence. A broad crimson stripe edged in yellow crosses a blue field and carries a black and white Nguni shield laid over two spears and a staff decorated with feather tassels. We print it on vivid, weatherproof 150cm x 90cm polyester.',
    priceCents: 21000,
  },
  {
    name: 'NIGERIA',
    slug: 'nigeria',
    countryCode: 'ng',
    description:
      'Designed by student Michael Taiwo Akinkunmi and raised at independence on 1 October 1960, the Nigerian flag is a vertical green-white-green triband. The green stands for the nation\'s land and natural wealth and the white for peace. A simple, bold design reproduced on lightweight yet durable 150cm x 90cm polyester.',
    priceCents: 13000,
  },
  {
    name: 'KENYA',
    slug: 'kenya',
    countryCode: 'ke',
    description:
      'Kenya raised its flag at independence on 12 December 1963. Black, red and green stripes divided by thin white bands represent the people, the blood shed in the struggle for independence, the land and peace, while a Maasai shield and two crossed spears stand for the defence of freedom. Printed on 150cm x 90cm polyester with strong stitched hems.',
    priceCents: 19000,
    salePriceCents: 16500,
  },
  {
    name: 'EGYPT',
    slug: 'egypt',
    countryCode: 'eg',
    description:
      'The current flag of Egypt was adopted on 4 October 1984. It is a horizontal tricolour of red, white and black, the colours of the Arab Liberation flag, with the golden Eagle of Saladin at its centre. Our 150cm x 90cm polyester edition keeps the eagle sharp and the colours rich.',
    priceCents: 17500,
  },
  {
    name: 'GHANA',
    slug: 'ghana',
    countryCode: 'gh',
    description:
      'Designed by Theodosia Okoh and adopted at independence on 6 March 1957, the flag of Ghana has red, gold and green horizontal stripes with a black star in the centre. The black star, often called the lodestar of African freedom, made Ghana a pioneer of the pan-African colours. Crafted from 150cm x 90cm outdoor-grade polyester.',
    priceCents: 14500,
    salePriceCents: 12000,
  },
  {
    name: 'MOROCCO',
    slug: 'morocco',
    countryCode: 'ma',
    description:
      'Morocco has flown its current flag since 17 November 1915. A green interlaced five-pointed star, known as the Seal of Solomon, sits on a deep red field long associated with the ruling Alaouite dynasty. Available as a 150cm x 90cm polyester flag with brass grommets for easy hoisting.',
    priceCents: 14000,
  },
  {
    name: 'ETHIOPIA',
    slug: 'ethiopia',
    countryCode: 'et',
    description:
      'The green, yellow and red of Ethiopia, long a symbol of African independence, inspired the pan-African colours adopted by many states after independence. Since 1996 the tricolour has carried a blue disc with a yellow star and rays at its centre. Printed on sturdy 150cm x 90cm polyester for indoor or outdoor display.',
    priceCents: 16500,
  },
  {
    name: 'TANZANIA',
    slug: 'tanzania',
    countryCode: 'tz',
    description:
      'Adopted on 30 June 1964 after the union of Tanganyika and Zanzibar, the flag of Tanzania is divided diagonally by a black band edged in gold. The green upper triangle represents the land, the blue lower triangle the Indian Ocean and lakes, black the people and gold the mineral wealth. Our version is printed on colourfast 150cm x 90cm polyester.',
    priceCents: 15500,
  },
  {
    name: 'ZAMBIA',
    slug: 'zambia',
    countryCode: 'zm',
    description:
      'Zambia adopted its flag at independence on 24 October 1964. An orange eagle in flight soars above a block of red, black and orange vertical stripes in the lower fly of a green field, symbolising the ability to rise above the nation\'s problems. Supplied in our hard-wearing 150cm x 90cm polyester format.',
    priceCents: 17000,
  },
  {
    name: 'IVORY COAST',
    slug: 'ivory-coast',
    countryCode: 'ci',
    description:
      'Adopted in 1959, shortly before independence, the flag of Ivory Coast is a vertical tricolour of orange, white and green. Orange evokes the savanna of the north, white peace, and green the forests of the south and hope for the future. Made from 150cm x 90cm polyester that stands up well to sun and wind.',
    priceCents: 13000,
  },

  // Europe
  {
    name: 'UNITED KINGDOM',
    slug: 'united-kingdom',
    countryCode: 'gb',
    description:
      'The Union Flag combines the red cross of St George for England, the white saltire of St Andrew for Scotland and the red saltire of St Patrick for Ireland. Its present form dates from 1 January 1801, when Great Britain and Ireland were united. Printed on durable 150cm x 90cm polyester with a reinforced header and brass grommets.',
    priceCents: 13000,
    featured: true,
  },
  {
    name: 'GERMANY',
    slug: 'germany',
    countryCode: 'de',
    description:
      'The black, red and gold tricolour has its roots in the struggle for German unity in the early 19th century and the revolutions of 1848. It was first adopted as the national flag in 1919, restored by West Germany in 1949 and has represented reunified Germany since 1990. Made from tough 150cm x 90cm polyester with crisp, fade-resistant colour.',
    priceCents: 14000,
    featured: true,
  },
  {
    name: 'FRANCE',
    slug: 'france',
    countryCode: 'fr',
    description:
      'The French tricolour of blue, white and red emerged during the French Revolution and was adopted as the national flag in 1794. Blue and red are traditionally linked to the city of Paris, while white was the colour of the monarchy. Our 150cm x 90cm polyester tricolour is finished with double-stitched edges.',
    priceCents: 14000,
    salePriceCents: 11500,
  },
  {
    name: 'ITALY',
    slug: 'italy',
    countryCode: 'it',
    description:
      'Il Tricolore, a vertical band of green, white and red, was first adopted by the Cispadane Republic in 1797 under the influence of the French flag. Its current plain form was enshrined in the Italian constitution of 1948. Printed on lightweight, weather-resistant 150cm x 90cm polyester.',
    priceCents: 14000,
  },
  {
    name: 'SPAIN',
    slug: 'spain',
    countryCode: 'es',
    description:
      'The red and yellow colours of Spain date back to the naval ensign chosen by King Charles III in 1785. The yellow central stripe is twice the height of each red stripe and carries the national coat of arms toward the hoist, in the version adopted in 1981. This detailed design is printed on 150cm x 90cm polyester with brass eyelets.',
    priceCents: 19500,
  },
  {
    name: 'PORTUGAL',
    slug: 'portugal',
    countryCode: 'pt',
    description:
      'Adopted on 30 June 1911 after the fall of the monarchy, the flag of Portugal is divided vertically into green and red. On the boundary sits an armillary sphere, a navigational instrument recalling the Age of Discoveries, with the Portuguese shield set upon it. Reproduced in full detail on rugged 150cm x 90cm polyester.',
    priceCents: 20000,
  },
  {
    name: 'NETHERLANDS',
    slug: 'netherlands',
    countryCode: 'nl',
    description:
      'The red, white and blue of the Netherlands descends from the orange, white and blue Prince\'s Flag of William of Orange in the 16th century, making it one of the oldest tricolours in use. Red gradually replaced orange during the 17th century, and the colours were formally confirmed by royal decree in 1937. Supplied as a 150cm x 90cm polyester flag ready to fly.',
    priceCents: 13500,
  },
  {
    name: 'BELGIUM',
    slug: 'belgium',
    countryCode: 'be',
    description:
      'Belgium adopted its black, yellow and red vertical tricolour in 1831, shortly after independence from the Netherlands. The colours are taken from the coat of arms of the Duchy of Brabant, a golden lion with red claws and tongue on a black field. Printed on 150cm x 90cm polyester that resists fading in strong sun.',
    priceCents: 13500,
  },
  {
    name: 'IRELAND',
    slug: 'ireland',
    countryCode: 'ie',
    description:
      'First flown by Thomas Francis Meagher in 1848, the Irish tricolour was given constitutional status in 1937. Green represents the Gaelic tradition, orange the followers of William of Orange, and white the lasting peace between them. Our version comes in hard-wearing 150cm x 90cm polyester with two brass grommets.',
    priceCents: 14000,
  },
  {
    name: 'GREECE',
    slug: 'greece',
    countryCode: 'gr',
    description:
      'The flag of Greece has nine horizontal blue and white stripes, often said to match the nine syllables of the motto Eleftheria i Thanatos, Freedom or Death. A white cross on a blue canton reflects the importance of the Greek Orthodox Church; the design dates from 1822 and became the sole national flag in 1978. Made from colourfast 150cm x 90cm polyester.',
    priceCents: 16000,
  },
  {
    name: 'SWITZERLAND',
    slug: 'switzerland',
    countryCode: 'ch',
    description:
      'A white cross on a red field has been the emblem of the Swiss Confederation since the founding of the modern federal state in 1848, with roots in the banners of the medieval cantons. The Red Cross emblem was created by reversing these colours in honour of Switzerland. Printed on sturdy polyester in our 150cm x 90cm size.',
    priceCents: 14500,
  },
  {
    name: 'SWEDEN',
    slug: 'sweden',
    countryCode: 'se',
    description:
      'The Swedish flag shows a yellow Nordic cross on a blue field, colours taken from the national coat of arms with its three golden crowns. Its design was formally set out in the Flag Act of 1906, and 6 June is celebrated as the National Day and Swedish Flag Day. Available in 150cm x 90cm outdoor polyester with stitched hems.',
    priceCents: 14000,
  },
  {
    name: 'NORWAY',
    slug: 'norway',
    countryCode: 'no',
    description:
      'Designed by Fredrik Meltzer in 1821, the flag of Norway places a blue Nordic cross outlined in white on a red field. Its red, white and blue are often said to symbolise liberty, echoing the flags of France, the Netherlands, the United Kingdom and the United States. Printed on durable 150cm x 90cm polyester for year-round use.',
    priceCents: 14500,
  },
  {
    name: 'DENMARK',
    slug: 'denmark',
    countryCode: 'dk',
    description:
      'The Dannebrog, a white Nordic cross on red, is widely regarded as the oldest continuously used national flag in the world. Legend holds that it fell from the sky during the Battle of Lyndanisse in 1219, and its cross design inspired the flags of the other Nordic countries. Our version is printed on weatherproof 150cm x 90cm polyester.',
    priceCents: 14000,
  },
  {
    name: 'POLAND',
    slug: 'poland',
    countryCode: 'pl',
    description:
      'Poland adopted its white and red bicolour on 1 August 1919, soon after regaining independence. The colours come from the national coat of arms, a white eagle on a red shield. Produced on lightweight 150cm x 90cm polyester that flies well even in a light breeze.',
    priceCents: 13000,
  },
  {
    name: 'UKRAINE',
    slug: 'ukraine',
    countryCode: 'ua',
    description:
      'The blue and yellow bicolour of Ukraine, first used as a state flag in 1918, was officially adopted by independent Ukraine on 28 January 1992. It is popularly read as a blue sky above golden fields of wheat. Printed in bright, fade-resistant colour on 150cm x 90cm polyester.',
    priceCents: 13500,
  },
  {
    name: 'AUSTRIA',
    slug: 'austria',
    countryCode: 'at',
    description:
      'The red-white-red triband of Austria is among the oldest national flags still in use. Legend says Duke Leopold V returned from the Siege of Acre in 1191 with his white tunic soaked in blood except where his belt had been; the flag was readopted by the Second Republic on 1 May 1945. Our 150cm x 90cm polyester flag is finished with brass grommets.',
    priceCents: 13500,
  },
  {
    name: 'CROATIA',
    slug: 'croatia',
    countryCode: 'hr',
    description:
      'Adopted on 22 December 1990, the flag of Croatia is a red, white and blue horizontal tricolour bearing the national coat of arms. The red and white checkerboard shield is crowned by five smaller shields representing historic regions, including Dubrovnik, Dalmatia, Istria and Slavonia. The intricate arms are printed sharply on 150cm x 90cm polyester.',
    priceCents: 19500,
  },

  // Americas
  {
    name: 'UNITED STATES OF AMERICA',
    slug: 'united-states-of-america',
    countryCode: 'us',
    description:
      'The Stars and Stripes has thirteen red and white stripes for the original colonies and fifty white stars on a blue canton, one for each state. The current 50-star design has flown since 4 July 1960, after Hawaii joined the union. Printed on durable 150cm x 90cm polyester with a reinforced header and brass grommets.',
    priceCents: 13000,
    featured: true,
  },
  {
    name: 'CANADA',
    slug: 'canada',
    countryCode: 'ca',
    description:
      'The Maple Leaf flag was proclaimed on 15 February 1965, now marked each year as National Flag of Canada Day. A stylised eleven-point red maple leaf sits on a white square between two red bands. Made from tough 150cm x 90cm polyester with double-stitched fly edge.',
    priceCents: 15000,
    salePriceCents: 13000,
  },
  {
    name: 'MEXICO',
    slug: 'mexico',
    countryCode: 'mx',
    description:
      'The flag of Mexico is a vertical tricolour of green, white and red with the national coat of arms in the centre. The arms show a golden eagle perched on a prickly pear cactus devouring a snake, from the Aztec legend of the founding of Tenochtitlan; the current version was adopted on 16 September 1968. The detailed emblem is printed in full colour on 150cm x 90cm polyester.',
    priceCents: 22000,
  },
  {
    name: 'BRAZIL',
    slug: 'brazil',
    countryCode: 'br',
    description:
      'Adopted on 19 November 1889, the flag of Brazil shows a yellow rhombus on a green field framing a blue globe with the motto Ordem e Progresso. The 27 stars depict the sky over Rio de Janeiro on the morning of 15 November 1889, one for each state and the Federal District. Printed with fine detail on 150cm x 90cm polyester.',
    priceCents: 23000,
  },
  {
    name: 'ARGENTINA',
    slug: 'argentina',
    countryCode: 'ar',
    description:
      'Created by Manuel Belgrano in 1812, the flag of Argentina has light blue and white horizontal bands. The golden Sun of May in the centre recalls the May Revolution of 1810. Our version is produced on colourfast 150cm x 90cm polyester with brass eyelets.',
    priceCents: 16000,
  },
  {
    name: 'CHILE',
    slug: 'chile',
    countryCode: 'cl',
    description:
      'Known as La Estrella Solitaria, the Lone Star, the flag of Chile was adopted on 18 October 1817. It has white and red horizontal bands with a blue canton carrying a single white five-pointed star. Supplied in our hard-wearing 150cm x 90cm polyester format.',
    priceCents: 14500,
  },
  {
    name: 'COLOMBIA',
    slug: 'colombia',
    countryCode: 'co',
    description:
      'Colombia adopted its yellow, blue and red flag on 26 November 1861, with the yellow band occupying the top half of the flag. The colours derive from the flag of Francisco de Miranda, shared with Ecuador and Venezuela. Printed on vibrant, weather-resistant 150cm x 90cm polyester.',
    priceCents: 13500,
  },
  {
    name: 'PERU',
    slug: 'peru',
    countryCode: 'pe',
    description:
      'The national flag of Peru is a vertical red-white-red triband, a design in use since 1825. Legend says General Jose de San Martin chose the colours after seeing a flock of red and white flamingos. This plain civil version is printed on durable 150cm x 90cm polyester.',
    priceCents: 13500,
  },
  {
    name: 'JAMAICA',
    slug: 'jamaica',
    countryCode: 'jm',
    description:
      'Raised at independence on 6 August 1962, the flag of Jamaica features a gold diagonal cross dividing green and black triangles. It is famous for containing none of the colours red, white or blue. Made from 150cm x 90cm polyester that stays bright in the sun.',
    priceCents: 15500,
    salePriceCents: 13500,
  },
  {
    name: 'CUBA',
    slug: 'cuba',
    countryCode: 'cu',
    description:
      'The flag of Cuba was designed in 1849 and officially adopted on 20 May 1902, when the republic was established. Three blue and two white stripes are joined by a red equilateral triangle at the hoist holding a white five-pointed star. Printed on sturdy 150cm x 90cm polyester with stitched hems.',
    priceCents: 14500,
  },
  {
    name: 'URUGUAY',
    slug: 'uruguay',
    countryCode: 'uy',
    description:
      'Adopted on 11 July 1830, the flag of Uruguay has nine horizontal stripes of white and blue, standing for the nine original departments of the country. A golden Sun of May shines from the white canton. Our 150cm x 90cm polyester version is finished with two brass grommets.',
    priceCents: 16000,
  },
  {
    name: 'TRINIDAD AND TOBAGO',
    slug: 'trinidad-and-tobago',
    countryCode: 'tt',
    description:
      'Trinidad and Tobago adopted its flag at independence on 31 August 1962. A black diagonal band edged in white runs from the upper hoist to the lower fly across a red field. Printed on lightweight, durable 150cm x 90cm polyester.',
    priceCents: 14500,
  },

  // Asia, including the Middle East and Turkey
  {
    name: 'TURKEY',
    slug: 'turkey',
    countryCode: 'tr',
    description:
      'The flag of Turkey, a white crescent and star on a red field, derives from the flag of the Ottoman Empire. Its exact proportions were fixed by the Turkish Flag Law of 29 May 1936. Made from durable 150cm x 90cm polyester with a reinforced header.',
    priceCents: 14500,
  },
  {
    name: 'ISRAEL',
    slug: 'israel',
    countryCode: 'il',
    description:
      'Adopted on 28 October 1948, the flag of Israel shows a blue Star of David between two horizontal blue stripes on a white field. The design is based on the tallit, the Jewish prayer shawl. Printed in crisp colour on 150cm x 90cm outdoor polyester.',
    priceCents: 15000,
  },
  {
    name: 'SAUDI ARABIA',
    slug: 'saudi-arabia',
    countryCode: 'sa',
    description:
      'The flag of Saudi Arabia, adopted on 15 March 1973, bears the Islamic declaration of faith, the Shahada, in white Arabic script above a horizontal sword on a green field. Because of the sacred inscription it is traditionally never lowered to half-mast. The calligraphy is reproduced carefully on 150cm x 90cm polyester.',
    priceCents: 21000,
  },
  {
    name: 'UNITED ARAB EMIRATES',
    slug: 'united-arab-emirates',
    countryCode: 'ae',
    description:
      'Adopted on 2 December 1971, the day the federation was formed, the flag of the United Arab Emirates uses the pan-Arab colours. A vertical red band at the hoist meets horizontal stripes of green, white and black. Supplied as a 150cm x 90cm polyester flag with brass eyelets.',
    priceCents: 15000,
  },
  {
    name: 'QATAR',
    slug: 'qatar',
    countryCode: 'qa',
    description:
      'The flag of Qatar was adopted on 9 July 1971. A white band with a serrated edge of nine points meets a maroon field, the nine points marking Qatar as the ninth member of the reconciled emirates of the Gulf. Printed on hard-wearing polyester in our 150cm x 90cm size.',
    priceCents: 15500,
  },
  {
    name: 'INDIA',
    slug: 'india',
    countryCode: 'in',
    description:
      'India adopted its Tiranga on 22 July 1947, shortly before independence. Horizontal bands of saffron, white and green surround a navy blue Ashoka Chakra, a wheel with 24 spokes, in the centre. Our 150cm x 90cm polyester version is colourfast and double-stitched.',
    priceCents: 15000,
  },
  {
    name: 'CHINA',
    slug: 'china',
    countryCode: 'cn',
    description:
      'The flag of the People\'s Republic of China, designed by Zeng Liansong, was first raised on 1 October 1949. A large golden star and an arc of four smaller stars sit in the upper hoist of a red field. Made from weather-resistant 150cm x 90cm polyester.',
    priceCents: 14000,
  },
  {
    name: 'JAPAN',
    slug: 'japan',
    countryCode: 'jp',
    description:
      'Known as the Hinomaru, or circle of the sun, the flag of Japan is a red disc centred on a white field. Long used as a national symbol, it was given formal legal status by the Act on National Flag and Anthem in 1999. Printed on lightweight 150cm x 90cm polyester with brass grommets.',
    priceCents: 14000,
    salePriceCents: 11900,
  },
  {
    name: 'SOUTH KOREA',
    slug: 'south-korea',
    countryCode: 'kr',
    description:
      'The Taegukgi, whose design dates to the 1880s, shows a red and blue taegeuk circle on a white field representing the balance of yin and yang. Four black trigrams at the corners stand for heaven, earth, water and fire. The precise trigrams are printed sharply on 150cm x 90cm polyester.',
    priceCents: 19500,
  },
  {
    name: 'SINGAPORE',
    slug: 'singapore',
    countryCode: 'sg',
    description:
      'Adopted on 3 December 1959, the flag of Singapore has a red band over a white band, with a white crescent and five stars in the upper hoist. Red stands for universal brotherhood and equality, white for purity and virtue, and the five stars for democracy, peace, progress, justice and equality. Produced on durable 150cm x 90cm polyester.',
    priceCents: 15000,
  },
  {
    name: 'PAKISTAN',
    slug: 'pakistan',
    countryCode: 'pk',
    description:
      'Pakistan adopted its flag on 11 August 1947, days before independence. A white crescent and five-pointed star sit on a dark green field, with a white vertical band at the hoist representing religious minorities. Our 150cm x 90cm polyester flag is fade-resistant and finished with two grommets.',
    priceCents: 14500,
  },
  {
    name: 'THAILAND',
    slug: 'thailand',
    countryCode: 'th',
    description:
      'The Trairanga, adopted on 28 September 1917 under King Vajiravudh, has horizontal stripes of red, white and blue, with the central blue stripe twice the width of the others. Red represents the nation, white religion and blue the monarchy. Printed in vivid colour on 150cm x 90cm polyester.',
    priceCents: 13500,
  },
  {
    name: 'VIETNAM',
    slug: 'vietnam',
    countryCode: 'vn',
    description:
      'A large yellow five-pointed star on a red field, the flag was used by the Democratic Republic of Vietnam from 1945 and adopted by the reunified country in 1976. The five points of the star are often said to represent workers, farmers, soldiers, intellectuals and youth. Supplied in our standard 150cm x 90cm polyester.',
    priceCents: 13500,
  },
  {
    name: 'PHILIPPINES',
    slug: 'philippines',
    countryCode: 'ph',
    description:
      'First unfurled at the declaration of independence on 12 June 1898, the flag of the Philippines has blue and red bands with a white triangle at the hoist. The triangle holds a golden sun with eight rays for the first provinces to revolt against Spain and three stars for Luzon, the Visayas and Mindanao; in time of war it is flown with the red band on top. Printed on sturdy 150cm x 90cm polyester.',
    priceCents: 17000,
  },

  // Oceania
  {
    name: 'AUSTRALIA',
    slug: 'australia',
    countryCode: 'au',
    description:
      'First flown on 3 September 1901 after a public design competition, the Australian flag combines the Union Jack, the seven-pointed Commonwealth Star and the Southern Cross on a blue field. Six points of the Commonwealth Star represent the original states and the seventh the territories. Printed on durable 150cm x 90cm polyester with brass grommets.',
    priceCents: 15000,
    featured: true,
  },
  {
    name: 'NEW ZEALAND',
    slug: 'new-zealand',
    countryCode: 'nz',
    description:
      'The flag of New Zealand, officially adopted in 1902, places the Union Jack in the canton of a blue field with four red stars outlined in white representing the Southern Cross. It was retained after two national referendums held in 2015 and 2016. Made from weather-resistant 150cm x 90cm polyester.',
    priceCents: 16500,
    salePriceCents: 14500,
  },
  {
    name: 'FIJI',
    slug: 'fiji',
    countryCode: 'fj',
    description:
      'Adopted at independence on 10 October 1970, the flag of Fiji is a light blue ensign with the Union Jack in the canton. The fly carries the shield from the national coat of arms, showing a lion holding a cocoa pod above the cross of St George with sugar cane, a coconut palm, bananas and a dove of peace. The detailed shield is printed in full colour on 150cm x 90cm polyester.',
    priceCents: 21000,
  },
  {
    name: 'PAPUA NEW GUINEA',
    slug: 'papua-new-guinea',
    countryCode: 'pg',
    description:
      'Designed by 15-year-old schoolgirl Susan Karike and adopted on 1 July 1971, the flag of Papua New Guinea is divided diagonally. A yellow bird-of-paradise flies across the red upper triangle, while the black lower triangle holds the five white stars of the Southern Cross. Printed on tough, colourfast 150cm x 90cm polyester.',
    priceCents: 18000,
  },
];
