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
