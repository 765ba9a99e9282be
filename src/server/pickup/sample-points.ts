import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { pickupPoints } from '../db/schema';
import { provinceByCode, type ProvinceCode } from './za-places';

/**
 * A SAMPLE of pickup points so that a fresh shop can take orders before PAXI's real list is
 * imported. The points stand in real towns and suburbs across the nine provinces, but they are not
 * real PAXI points: every name ends in '(sample point)', every code starts with SAMPLE- and every
 * row is marked is_sample. Any real import removes them (npm run pickup-points -- import <file>).
 */
const SAMPLE_NAME_SUFFIX = '(sample point)';

type SampleRow = readonly [
  number: number,
  store: string,
  place: string,
  street: string,
  town: string,
  province: ProvinceCode,
  postalCode: string,
  latitude: number,
  longitude: number,
];

const rows: readonly SampleRow[] = [
  // Western Cape
  [1, 'PEP', 'Cape Town CBD', 'Adderley Street, Cape Town City Centre', 'Cape Town', 'WC', '8001', -33.9225, 18.4215],
  [2, 'PEP', 'Sea Point', 'Main Road, Sea Point', 'Cape Town', 'WC', '8005', -33.9168, 18.3885],
  [3, 'PEP Cell', 'Green Point', 'Somerset Road, Green Point', 'Cape Town', 'WC', '8005', -33.9075, 18.411],
  [4, 'Tekkie Town', 'Claremont', 'Main Road, Claremont', 'Cape Town', 'WC', '7708', -33.9812, 18.4645],
  [5, 'PEP Home', 'Bellville', 'Voortrekker Road, Bellville', 'Cape Town', 'WC', '7530', -33.9008, 18.6305],
  [6, 'PEP', 'Khayelitsha', 'Walter Sisulu Road, Khayelitsha', 'Cape Town', 'WC', '7784', -34.0395, 18.679],
  [7, 'Shoe City', 'Mitchells Plain', 'Town Centre, Mitchells Plain', 'Cape Town', 'WC', '7785', -34.049, 18.6185],
  [8, 'PEP', 'Table View', 'Blaauwberg Road, Table View', 'Cape Town', 'WC', '7441', -33.8235, 18.4935],
  [9, 'PEP', 'Wynberg', 'Main Road, Wynberg', 'Cape Town', 'WC', '7800', -34.0025, 18.4672],
  [10, 'PEP Cell', 'Parow', 'Voortrekker Road, Parow', 'Cape Town', 'WC', '7500', -33.9005, 18.5975],
  [11, 'Tekkie Town', 'Durbanville', 'Wellington Road, Durbanville', 'Cape Town', 'WC', '7550', -33.8325, 18.647],
  [12, 'PEP', 'Somerset West', 'Main Road, Somerset West', 'Cape Town', 'WC', '7130', -34.0835, 18.85],
  [13, 'PEP', 'Stellenbosch', 'Bird Street', 'Stellenbosch', 'WC', '7600', -33.934, 18.861],
  [14, 'PEP Home', 'Paarl', 'Main Street', 'Paarl', 'WC', '7646', -33.735, 18.963],
  [15, 'PEP', 'George', 'York Street', 'George', 'WC', '6529', -33.9625, 22.46],
  [16, 'Shoe City', 'Worcester', 'High Street', 'Worcester', 'WC', '6850', -33.646, 19.447],
  [17, 'PEP', 'Knysna', 'Main Street', 'Knysna', 'WC', '6570', -34.037, 23.048],
  [18, 'PEP', 'Hermanus', 'Main Road', 'Hermanus', 'WC', '7200', -34.418, 19.236],
  // Gauteng: Johannesburg, Ekurhuleni, the Vaal
  [19, 'PEP', 'Johannesburg CBD', 'Jeppe Street, Johannesburg CBD', 'Johannesburg', 'GP', '2001', -26.203, 28.044],
  [20, 'PEP', 'Soweto', 'Chris Hani Road, Soweto', 'Johannesburg', 'GP', '1804', -26.26, 27.902],
  [21, 'Tekkie Town', 'Soweto Jabavu', 'Koma Road, Soweto', 'Johannesburg', 'GP', '1804', -26.248, 27.874],
  [22, 'PEP Cell', 'Sandton', 'Rivonia Road, Sandton', 'Johannesburg', 'GP', '2196', -26.107, 28.056],
  [23, 'PEP', 'Randburg', 'Hill Street, Randburg', 'Johannesburg', 'GP', '2194', -26.0935, 28.003],
  [24, 'Shoe City', 'Rosebank', 'Cradock Avenue, Rosebank', 'Johannesburg', 'GP', '2196', -26.1455, 28.0425],
  [25, 'PEP Home', 'Fourways', 'William Nicol Drive, Fourways', 'Johannesburg', 'GP', '2191', -26.0185, 28.008],
  [26, 'PEP', 'Alexandra', 'London Road, Alexandra', 'Johannesburg', 'GP', '2090', -26.104, 28.096],
  [27, 'PEP', 'Midrand', 'Old Pretoria Main Road, Midrand', 'Johannesburg', 'GP', '1685', -25.9985, 28.127],
  [28, 'PEP', 'Roodepoort', 'Main Reef Road, Roodepoort', 'Johannesburg', 'GP', '1724', -26.163, 27.872],
  [29, 'PEP', 'Kempton Park', 'Central Avenue', 'Kempton Park', 'GP', '1619', -26.101, 28.231],
  [30, 'Tekkie Town', 'Germiston', 'President Street', 'Germiston', 'GP', '1401', -26.2185, 28.1665],
  [31, 'PEP', 'Boksburg', 'Commissioner Street', 'Boksburg', 'GP', '1459', -26.213, 28.261],
  [32, 'PEP Cell', 'Vereeniging', 'Voortrekker Street', 'Vereeniging', 'GP', '1939', -26.674, 27.931],
  // Gauteng: Pretoria
  [33, 'PEP', 'Pretoria Central', 'Church Street, Pretoria Central', 'Pretoria', 'GP', '0002', -25.746, 28.19],
  [34, 'PEP Cell', 'Hatfield', 'Burnett Street, Hatfield', 'Pretoria', 'GP', '0083', -25.7495, 28.237],
  [35, 'PEP', 'Centurion', 'Lenchen Avenue, Centurion', 'Pretoria', 'GP', '0157', -25.859, 28.188],
  [36, 'Shoe City', 'Mamelodi', 'Tsamaya Road, Mamelodi', 'Pretoria', 'GP', '0122', -25.7195, 28.396],
  [37, 'PEP', 'Soshanguve', 'Aubrey Matlala Road, Soshanguve', 'Pretoria', 'GP', '0152', -25.521, 28.101],
  [38, 'PEP Home', 'Menlyn', 'Atterbury Road, Menlyn', 'Pretoria', 'GP', '0181', -25.783, 28.276],
  // KwaZulu-Natal
  [39, 'PEP', 'Durban Central', 'Dr Pixley KaSeme Street, Durban Central', 'Durban', 'KZN', '4001', -29.858, 31.024],
  [40, 'PEP', 'Umhlanga', 'Chartwell Drive, Umhlanga', 'Durban', 'KZN', '4320', -29.727, 31.084],
  [41, 'Tekkie Town', 'Pinetown', 'Old Main Road, Pinetown', 'Durban', 'KZN', '3610', -29.816, 30.866],
  [42, 'PEP', 'Chatsworth', 'Higginson Highway, Chatsworth', 'Durban', 'KZN', '4092', -29.911, 30.879],
  [43, 'PEP', 'Umlazi', 'Mangosuthu Highway, Umlazi', 'Durban', 'KZN', '4031', -29.969, 30.891],
  [44, 'PEP Cell', 'Westville', 'Jan Hofmeyr Road, Westville', 'Durban', 'KZN', '3629', -29.839, 30.931],
  [45, 'PEP', 'Pietermaritzburg', 'Church Street', 'Pietermaritzburg', 'KZN', '3201', -29.601, 30.379],
  [46, 'Shoe City', 'Richards Bay', 'Bullion Boulevard', 'Richards Bay', 'KZN', '3900', -28.783, 32.037],
  [47, 'PEP', 'Newcastle', 'Scott Street', 'Newcastle', 'KZN', '2940', -27.7585, 29.932],
  // Eastern Cape
  [48, 'PEP', 'Gqeberha Central', 'Govan Mbeki Avenue, Central', 'Gqeberha', 'EC', '6001', -33.9615, 25.62],
  [49, 'Tekkie Town', 'Newton Park', 'Cape Road, Newton Park', 'Gqeberha', 'EC', '6045', -33.9455, 25.564],
  [50, 'PEP', 'Kariega', 'Caledon Street', 'Kariega', 'EC', '6229', -33.758, 25.397],
  [51, 'PEP', 'East London', 'Oxford Street', 'East London', 'EC', '5201', -33.015, 27.91],
  [52, 'PEP', 'Mdantsane', 'Highway, Mdantsane', 'East London', 'EC', '5219', -32.9495, 27.731],
  [53, 'PEP', 'Mthatha', 'Sutherland Street', 'Mthatha', 'EC', '5099', -31.5885, 28.784],
  [54, 'PEP Cell', 'Makhanda', 'High Street', 'Makhanda', 'EC', '6139', -33.3045, 26.532],
  // Free State
  [55, 'PEP', 'Bloemfontein', 'Maitland Street', 'Bloemfontein', 'FS', '9301', -29.12, 26.215],
  [56, 'PEP Home', 'Bloemfontein West', 'Nelson Mandela Drive', 'Bloemfontein', 'FS', '9301', -29.11, 26.2],
  [57, 'PEP', 'Welkom', 'Stateway', 'Welkom', 'FS', '9459', -27.977, 26.735],
  [58, 'PEP', 'Bethlehem', 'Muller Street', 'Bethlehem', 'FS', '9701', -28.231, 28.308],
  // Limpopo
  [59, 'PEP', 'Polokwane', 'Landdros Mare Street', 'Polokwane', 'LP', '0699', -23.904, 29.468],
  [60, 'Tekkie Town', 'Polokwane', 'Thabo Mbeki Street', 'Polokwane', 'LP', '0699', -23.906, 29.456],
  [61, 'PEP', 'Thohoyandou', 'Mphephu Street', 'Thohoyandou', 'LP', '0950', -22.946, 30.484],
  [62, 'PEP', 'Tzaneen', 'Danie Joubert Street', 'Tzaneen', 'LP', '0850', -23.833, 30.163],
  // Mpumalanga
  [63, 'PEP', 'Mbombela', 'Brown Street', 'Mbombela', 'MP', '1200', -25.475, 30.97],
  [64, 'PEP Cell', 'Mbombela', 'Samora Machel Drive', 'Mbombela', 'MP', '1200', -25.472, 30.974],
  [65, 'PEP', 'eMalahleni', 'Mandela Street', 'eMalahleni', 'MP', '1035', -25.871, 29.233],
  [66, 'Shoe City', 'Middelburg', 'Cowen Ntuli Street', 'Middelburg', 'MP', '1050', -25.775, 29.465],
  [67, 'PEP', 'Secunda', 'Heerengracht Street', 'Secunda', 'MP', '2302', -26.55, 29.178],
  // North West
  [68, 'PEP', 'Rustenburg', 'Nelson Mandela Drive', 'Rustenburg', 'NW', '0299', -25.668, 27.242],
  [69, 'PEP', 'Mahikeng', 'Nelson Mandela Drive', 'Mahikeng', 'NW', '2745', -25.865, 25.644],
  [70, 'PEP', 'Potchefstroom', 'Potgieter Street', 'Potchefstroom', 'NW', '2531', -26.714, 27.096],
  [71, 'PEP', 'Klerksdorp', 'OR Tambo Street', 'Klerksdorp', 'NW', '2571', -26.852, 26.667],
  // Northern Cape
  [72, 'PEP', 'Kimberley', 'Jones Street', 'Kimberley', 'NC', '8301', -28.733, 24.764],
  [73, 'PEP Home', 'Kimberley', 'Du Toitspan Road', 'Kimberley', 'NC', '8301', -28.74, 24.77],
  [74, 'PEP', 'Upington', 'Schroder Street', 'Upington', 'NC', '8801', -28.448, 21.256],
  [75, 'PEP', 'Springbok', 'Voortrekker Street', 'Springbok', 'NC', '8240', -29.664, 17.887],
];

export type SamplePoint = typeof pickupPoints.$inferInsert;

export const samplePoints: readonly SamplePoint[] = rows.map(
  ([number, store, place, street, town, province, postalCode, latitude, longitude]) => ({
    code: `SAMPLE-${String(number).padStart(2, '0')}`,
    name: `${store} ${place} ${SAMPLE_NAME_SUFFIX}`,
    address: street,
    town,
    province: provinceByCode[province],
    postalCode,
    phone: null,
    latitude,
    longitude,
    isOpen: true,
    isSample: true,
  }),
);

/**
 * Fills an empty pickup-point table with the sample, so that checkout works on a fresh shop.
 * A table that has any point (imported or sample) is left alone: the sample never comes back
 * over PAXI's list. Runs where the catalogue seed runs, while this process alone prepares the
 * database.
 */
export async function seedSamplePickupPoints(db: Database): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(pickupPoints);
  if ((existing?.n ?? 0) > 0) return 0;
  await db.insert(pickupPoints).values([...samplePoints]);
  return samplePoints.length;
}
