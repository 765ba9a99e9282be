import { describe, expect, it } from 'vitest';
import { csvRows, parsePaxiJson, parsePointCsv, parsePointList, PointListError } from './point-list';
import { normaliseProvince } from './provinces';

const paxiRecord = {
  nc: 'p5772',
  sn: 'PEP SEA POINT',
  nd: 'PEP Sea Point',
  a1: 'Shop 4, Adelphi Centre',
  a2: 'Main Road',
  a4: 'Sea Point',
  a6: 'W Cape',
  pc: '8005',
  pn: '021 555 0101',
  ns: 'open',
  lat: '-33.9160',
  lng: '18.3890',
};

describe("PAXI's JSON point list", () => {
  it('reads the documented fields and any common coordinate names', () => {
    const list = parsePaxiJson(
      JSON.stringify([
        paxiRecord,
        { nc: 'P1001', sn: 'PEP SOWETO', a1: 'Chris Hani Road', a4: 'Soweto', a6: 'GAUTENG', pc: 1804, ns: 'CLOSED', latitude: -26.26, longitude: 27.9 },
        { nc: 'P1002', nd: 'PEP Polokwane', a1: 'Landdros Mare Street', a4: 'Polokwane', a6: 'Northern Province', pc: '699', la: '-23,904', lo: '29,468' },
      ]),
    );
    expect(list.skipped).toEqual([]);
    expect(list.points).toEqual([
      {
        code: 'P5772',
        name: 'PEP Sea Point',
        address: 'Shop 4, Adelphi Centre, Main Road',
        town: 'Sea Point',
        province: 'Western Cape',
        postalCode: '8005',
        phone: '021 555 0101',
        latitude: -33.916,
        longitude: 18.389,
        isOpen: true,
      },
      expect.objectContaining({ code: 'P1001', name: 'PEP SOWETO', province: 'Gauteng', postalCode: '1804', isOpen: false, phone: null }),
      expect.objectContaining({ code: 'P1002', province: 'Limpopo', postalCode: '0699', latitude: -23.904, longitude: 29.468 }),
    ]);
  });

  it('accepts the list inside an object', () => {
    expect(parsePaxiJson(JSON.stringify({ points: [paxiRecord] })).points).toHaveLength(1);
  });

  it('skips bad records with a reason and keeps the rest', () => {
    const { lat: _lat, lng: _lng, ...noCoordinates } = paxiRecord;
    const list = parsePaxiJson(
      JSON.stringify([
        paxiRecord,
        { ...noCoordinates, nc: 'P2' },
        { ...paxiRecord, nc: 'P3', lat: '18.3890', lng: '-33.9160' },
        { ...paxiRecord, nc: 'P4', a6: 'Gautengg' },
        { ...paxiRecord, nc: 'P5', pc: '80 05' },
        { ...paxiRecord, nc: 'P6', ns: 'maybe' },
        { ...paxiRecord, nc: 'P7', nd: undefined, sn: undefined },
        { ...paxiRecord, nc: 'p5772' },
        'not a record',
      ]),
    );
    expect(list.points.map((p) => p.code)).toEqual(['P5772']);
    expect(list.skipped).toEqual([
      { where: 'item 2', code: 'P2', reason: 'missing coordinates' },
      { where: 'item 3', code: 'P3', reason: 'coordinates outside South Africa (latitude and longitude look swapped)' },
      { where: 'item 4', code: 'P4', reason: "unknown province 'Gautengg'" },
      { where: 'item 5', code: 'P5', reason: "postal code '80 05' is not 4 digits" },
      { where: 'item 6', code: 'P6', reason: "unknown status 'maybe' (open or closed)" },
      { where: 'item 7', code: 'P7', reason: 'name is missing' },
      { where: 'item 8', code: 'P5772', reason: 'the same code as item 1; the first one is kept' },
      { where: 'item 9', code: undefined, reason: 'code is missing' },
    ]);
  });

  it('refuses a file that is not a list of points', () => {
    expect(() => parsePaxiJson('{"nc": ')).toThrow(PointListError);
    expect(() => parsePaxiJson('{"a": [], "b": []}')).toThrow(/list of points/);
  });
});

describe('CSV point list', () => {
  it('reads the header columns in any order, with quoted fields', () => {
    const list = parsePointCsv(
      [
        'name,code,latitude,longitude,town,province,postal_code,phone,address,status',
        '"PEP Sea Point, Main Road",P5772,-33.9160,18.3890,Sea Point,WC,8005,021 555 0101,"Shop 4, ""Adelphi"" Centre",open',
        'PEP Hatfield,P5773,-25.7495,28.2370,Pretoria,gauteng,83,,Burnett Street,',
      ].join('\r\n'),
    );
    expect(list.skipped).toEqual([]);
    expect(list.points).toEqual([
      expect.objectContaining({ code: 'P5772', name: 'PEP Sea Point, Main Road', address: 'Shop 4, "Adelphi" Centre', province: 'Western Cape' }),
      expect.objectContaining({ code: 'P5773', town: 'Pretoria', province: 'Gauteng', postalCode: '0083', phone: null, isOpen: true }),
    ]);
  });

  it('names the row of a bad line (the header is row 1)', () => {
    const list = parsePointCsv('code,name,address,town,province,postal_code,phone,latitude,longitude,status\nP1,PEP,x,Durban,KZN,4001,,,,open\n');
    expect(list.skipped).toEqual([{ where: 'row 2', code: 'P1', reason: 'missing coordinates' }]);
  });

  it('refuses a header without the needed columns', () => {
    expect(() => parsePointCsv('code,name,town\nP1,PEP,Durban')).toThrow(/missing: province, latitude, longitude/);
  });

  it('splits fields with line breaks inside quotes', () => {
    expect(csvRows('a,"b\nc",d\n\n1,2,3')).toEqual([
      ['a', 'b\nc', 'd'],
      ['1', '2', '3'],
    ]);
  });

  it('tells JSON from CSV by the file name, else by the content', () => {
    expect(parsePointList('points.txt', JSON.stringify([paxiRecord])).format).toBe('paxi-json');
    expect(parsePointList('points.txt', 'code,name,town,province,latitude,longitude\n').format).toBe('csv');
  });
});

describe('normaliseProvince', () => {
  it.each([
    ['KZN', 'KwaZulu-Natal'],
    ['Kwa-Zulu Natal', 'KwaZulu-Natal'],
    ['KWAZULU NATAL', 'KwaZulu-Natal'],
    ['North-West', 'North West'],
    ['NW', 'North West'],
    ['N Cape', 'Northern Cape'],
    ['E. Cape', 'Eastern Cape'],
    ['Freestate', 'Free State'],
    ['GP', 'Gauteng'],
    ['Mpumalanga', 'Mpumalanga'],
    ['Northern Province', 'Limpopo'],
  ])('%s is %s', (spelling, province) => {
    expect(normaliseProvince(spelling)).toBe(province);
  });

  it('knows no tenth province', () => {
    expect(normaliseProvince('Lesotho')).toBeUndefined();
  });
});
