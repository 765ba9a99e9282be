import { provinces, type Province } from '../../shared/profile';

export { provinces, type Province };

/** Letters and digits only, lower case: 'Kwa-Zulu Natal' and 'KWAZULU NATAL' meet as 'kwazulunatal'. */
function squash(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** PAXI's list spells provinces inconsistently; these are the spellings and abbreviations seen in use. */
const spellings: Record<string, Province> = {};
const add = (province: Province, ...names: string[]) => {
  for (const name of [province, ...names]) spellings[squash(name)] = province;
};
add('Eastern Cape', 'EC', 'E Cape', 'E. Cape', 'Eastern Cape Province', 'Oos-Kaap');
add('Free State', 'FS', 'Freestate', 'Orange Free State', 'OFS', 'Vrystaat', 'Free State Province');
add('Gauteng', 'GP', 'GT', 'GAU', 'Gauteng Province');
add('KwaZulu-Natal', 'KZN', 'NL', 'KZ', 'Natal', 'Kwa-Zulu Natal', 'Kwazulu Natal', 'KwaZulu Natal Province');
add('Limpopo', 'LP', 'LIM', 'Northern Province', 'Limpopo Province');
add('Mpumalanga', 'MP', 'MPU', 'Mpumalanga Province');
add('North West', 'NW', 'North-West', 'Northwest', 'Noordwes', 'North West Province');
add('Northern Cape', 'NC', 'N Cape', 'N. Cape', 'Noord-Kaap', 'Northern Cape Province');
add('Western Cape', 'WC', 'W Cape', 'W. Cape', 'Wes-Kaap', 'Western Cape Province');

/** One of the nine provinces for a spelling seen in point lists, or undefined. */
export function normaliseProvince(value: string): Province | undefined {
  return spellings[squash(value)];
}

/**
 * Each province's middle to about 20 km (the centre of its area, not its capital): where the
 * finder lists a province's points from when the search names the province but no place it knows.
 */
export const provinceCentres: Record<Province, { latitude: number; longitude: number }> = {
  'Eastern Cape': { latitude: -32.2, longitude: 26.4 },
  'Free State': { latitude: -28.5, longitude: 26.8 },
  Gauteng: { latitude: -26.2, longitude: 28.1 },
  'KwaZulu-Natal': { latitude: -28.5, longitude: 30.9 },
  Limpopo: { latitude: -23.4, longitude: 29.4 },
  Mpumalanga: { latitude: -25.8, longitude: 30.1 },
  'North West': { latitude: -26.6, longitude: 25.3 },
  'Northern Cape': { latitude: -29.3, longitude: 21.5 },
  'Western Cape': { latitude: -33.2, longitude: 21.0 },
};
