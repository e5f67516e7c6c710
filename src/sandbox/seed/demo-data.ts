// The demo's fixed data: cities with Arabic names, places with P-codes, the named people (so the
// README and the document can name them), the routes each company runs, review comments, and the
// seeded generator that makes the same ids on every start.
import type { City, Place, VehicleRec } from '../domain/state.js';

export const CITIES: City[] = [
  { id: 'damascus', name: 'Damascus', nameAr: 'دمشق' },
  { id: 'aleppo', name: 'Aleppo', nameAr: 'حلب' },
  { id: 'homs', name: 'Homs', nameAr: 'حمص' },
  { id: 'hama', name: 'Hama', nameAr: 'حماة' },
  { id: 'latakia', name: 'Latakia', nameAr: 'اللاذقية' },
  { id: 'tartus', name: 'Tartus', nameAr: 'طرطوس' },
  { id: 'daraa', name: 'Daraa', nameAr: 'درعا' },
  { id: 'deir-ez-zor', name: 'Deir ez-Zor', nameAr: 'دير الزور' },
  { id: 'raqqa', name: 'Raqqa', nameAr: 'الرقة' },
  { id: 'idlib', name: 'Idlib', nameAr: 'إدلب' },
  { id: 'suwayda', name: 'As-Suwayda', nameAr: 'السويداء' },
  { id: 'qamishli', name: 'Qamishli', nameAr: 'القامشلي' },
];

/** A city's main terminal has the P-code ending in 00 (GET /places without q lists those). */
export const PLACES: Place[] = [
  { pcode: 'SY0100', cityId: 'damascus', name: 'Al-Baramkeh Terminal', nameAr: 'كراج البرامكة' },
  { pcode: 'SY0101', cityId: 'damascus', name: 'As-Sumariyah Terminal', nameAr: 'كراج السومرية' },
  { pcode: 'SY0102', cityId: 'damascus', name: 'Harasta Pullman Terminal', nameAr: 'كراج البولمان حرستا' },
  { pcode: 'SY0103', cityId: 'damascus', name: 'Umayyad Square', nameAr: 'ساحة الأمويين' },
  { pcode: 'SY0200', cityId: 'aleppo', name: 'Ar-Ramouseh Terminal', nameAr: 'كراج الراموسة' },
  { pcode: 'SY0201', cityId: 'aleppo', name: 'Saadallah Al-Jabiri Square', nameAr: 'ساحة سعد الله الجابري' },
  { pcode: 'SY0202', cityId: 'aleppo', name: 'Aleppo University', nameAr: 'جامعة حلب' },
  { pcode: 'SY0400', cityId: 'homs', name: 'Homs Pullman Terminal', nameAr: 'كراج البولمان حمص' },
  { pcode: 'SY0401', cityId: 'homs', name: 'Clock Square', nameAr: 'ساحة الساعة' },
  { pcode: 'SY0402', cityId: 'homs', name: 'Al-Baath University', nameAr: 'جامعة البعث' },
  { pcode: 'SY0500', cityId: 'hama', name: 'Hama Pullman Terminal', nameAr: 'كراج البولمان حماة' },
  { pcode: 'SY0501', cityId: 'hama', name: 'Al-Assi Square', nameAr: 'ساحة العاصي' },
  { pcode: 'SY0600', cityId: 'latakia', name: 'Latakia Pullman Terminal', nameAr: 'كراج البولمان اللاذقية' },
  { pcode: 'SY0601', cityId: 'latakia', name: 'Sheikh Daher Square', nameAr: 'ساحة الشيخ ضاهر' },
  { pcode: 'SY0602', cityId: 'latakia', name: 'Tishreen University', nameAr: 'جامعة تشرين' },
  { pcode: 'SY1000', cityId: 'tartus', name: 'Tartus Pullman Terminal', nameAr: 'كراج البولمان طرطوس' },
  { pcode: 'SY1001', cityId: 'tartus', name: 'Corniche', nameAr: 'الكورنيش البحري' },
  { pcode: 'SY1200', cityId: 'daraa', name: 'Daraa Terminal', nameAr: 'كراج درعا' },
  { pcode: 'SY1201', cityId: 'daraa', name: 'Daraa Al-Mahatta', nameAr: 'درعا المحطة' },
  { pcode: 'SY0900', cityId: 'deir-ez-zor', name: 'Deir ez-Zor Terminal', nameAr: 'كراج دير الزور' },
  { pcode: 'SY0901', cityId: 'deir-ez-zor', name: 'Suspension Bridge', nameAr: 'الجسر المعلق' },
  { pcode: 'SY1100', cityId: 'raqqa', name: 'Raqqa Terminal', nameAr: 'كراج الرقة' },
  { pcode: 'SY1101', cityId: 'raqqa', name: 'Clock Tower Square', nameAr: 'ساحة الساعة الرقة' },
  { pcode: 'SY0700', cityId: 'idlib', name: 'Idlib Terminal', nameAr: 'كراج إدلب' },
  { pcode: 'SY0701', cityId: 'idlib', name: 'Idlib City Centre', nameAr: 'مركز مدينة إدلب' },
  { pcode: 'SY1300', cityId: 'suwayda', name: 'As-Suwayda Terminal', nameAr: 'كراج السويداء' },
  { pcode: 'SY1301', cityId: 'suwayda', name: 'Tishreen Square', nameAr: 'ساحة تشرين' },
  { pcode: 'SY0800', cityId: 'qamishli', name: 'Qamishli Terminal', nameAr: 'كراج القامشلي' },
  { pcode: 'SY0801', cityId: 'qamishli', name: 'Qamishli Airport', nameAr: 'مطار القامشلي' },
];

/** A small seeded generator (mulberry32): the same ids on every start. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function uuidFrom(random: () => number): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const SEED = 20260821;

export const FIRST = [
  'Ahmad',
  'Rania',
  'Mahmoud',
  'Hiba',
  'Bassel',
  'Dima',
  'Firas',
  'Reem',
  'Wael',
  'Joud',
  'Ziad',
  'Sara',
  'Majd',
  'Lama',
  'Iyad',
  'Noor',
  'Hasan',
  'Yara',
  'Ammar',
  'Rasha',
  'Karim',
  'Salma',
  'Tamer',
  'Aya',
];
export const LAST = ['Khatib', 'Halabi', 'Sabbagh', 'Atassi', 'Kurdi', 'Hamwi', 'Masri', 'Shami', 'Zein', 'Najjar', 'Tell', 'Barakat'];

/** The fixed people of the demo, so docs and tests can name them. */
export const PEOPLE = {
  ownerA: { fullName: 'Samer Haddad', phone: '+963944000001' },
  adminA: { fullName: 'Lina Khoury', phone: '+963944000002' },
  staffA: { fullName: 'Omar Darwish', phone: '+963944000003' },
  driversA: [
    { fullName: 'Khaled Mansour', phone: '+963944000004' },
    { fullName: 'Rami Saleh', phone: '+963944000005' },
    { fullName: 'Yousef Aziz', phone: '+963944000006' },
  ],
  ownerB: { fullName: 'Fadi Jaber', phone: '+963955000001' },
  staffB: { fullName: 'Mona Idlibi', phone: '+963955000002' },
  driverB: { fullName: 'Hussein Ali', phone: '+963955000003' },
  /** Registered users in no company: `members add` finds them. */
  unaffiliated: [
    { fullName: 'Nour Hamdan', phone: '+963933000101' },
    { fullName: 'Hadi Qassem', phone: '+963933000102' },
    { fullName: 'Maya Shami', phone: '+963933000103' },
    { fullName: 'Tarek Nasser', phone: '+963933000104' },
    { fullName: 'Ghada Sayegh', phone: '+963933000105' },
  ],
};

export interface RouteSpec {
  from: string;
  to: string;
  price: number;
  fromPlace: string | null;
  toPlace: string | null;
}

export const ROUTES_A: RouteSpec[] = [
  { from: 'damascus', to: 'aleppo', price: 2_500_000, fromPlace: 'SY0102', toPlace: 'SY0200' },
  { from: 'aleppo', to: 'damascus', price: 2_500_000, fromPlace: 'SY0200', toPlace: 'SY0102' },
  { from: 'damascus', to: 'homs', price: 1_200_000, fromPlace: 'SY0100', toPlace: 'SY0400' },
  { from: 'homs', to: 'latakia', price: 1_400_000, fromPlace: 'SY0400', toPlace: 'SY0600' },
  { from: 'damascus', to: 'tartus', price: 1_800_000, fromPlace: 'SY0101', toPlace: 'SY1000' },
  { from: 'damascus', to: 'daraa', price: 900_000, fromPlace: 'SY0101', toPlace: 'SY1200' },
  { from: 'hama', to: 'damascus', price: 1_500_000, fromPlace: 'SY0500', toPlace: null },
  { from: 'damascus', to: 'deir-ez-zor', price: 3_800_000, fromPlace: 'SY0102', toPlace: 'SY0900' },
];

export const ROUTES_B: RouteSpec[] = [
  { from: 'hama', to: 'aleppo', price: 1_300_000, fromPlace: 'SY0500', toPlace: 'SY0200' },
  { from: 'homs', to: 'tartus', price: 1_000_000, fromPlace: 'SY0401', toPlace: 'SY1001' },
];

export const COMMENTS = [
  'Clean bus, left on time.',
  'Comfortable seats and a polite driver.',
  'رحلة مريحة والسائق محترم',
  'Arrived 20 minutes late, otherwise fine.',
  'Air conditioning did not work.',
  'خدمة ممتازة، شكراً',
  'Good value for the price.',
  'The pickup point was easy to find.',
];

/** A vehicle as the seed makes it, and how many days ago it was added. */
type FleetSpec = Omit<VehicleRec, 'id' | 'companyId' | 'createdAt' | 'updatedAt'> & { daysAgo: number };

/** Company A's vehicles that run its trips. */
export const FLEET_A: FleetSpec[] = [
  {
    make: 'Hyundai',
    model: 'County',
    seats: 20,
    year: 2019,
    color: 'white',
    plate: 'DAM-123456',
    fuelType: 'diesel',
    transmission: 'manual',
    daysAgo: 360,
  },
  {
    make: 'Toyota',
    model: 'Coaster',
    seats: 20,
    year: 2017,
    color: 'silver',
    plate: 'DAM-204518',
    fuelType: 'diesel',
    transmission: 'manual',
    daysAgo: 340,
  },
  {
    make: 'Mercedes-Benz',
    model: 'Sprinter',
    seats: 16,
    year: 2021,
    color: 'blue',
    plate: 'DAM-330127',
    fuelType: 'diesel',
    transmission: 'automatic',
    daysAgo: 200,
  },
  {
    make: 'Kia',
    model: 'Carnival',
    seats: 7,
    year: 2022,
    color: 'black',
    plate: 'DAM-418803',
    fuelType: 'petrol',
    transmission: 'automatic',
    daysAgo: 90,
  },
];
/** A vehicle of company A on no trip at all, so `vehicles delete` can succeed on the demo data. */
export const SPARE_A: { vehicle: Omit<FleetSpec, 'daysAgo'>; daysAgo: number } = {
  vehicle: {
    make: 'Hyundai',
    model: 'H-1',
    seats: 9,
    year: 2015,
    color: 'white',
    plate: 'DAM-502291',
    fuelType: 'diesel',
    transmission: 'manual',
  },
  daysAgo: 30,
};
export const FLEET_B: FleetSpec[] = [
  {
    make: 'Mitsubishi',
    model: 'Rosa',
    seats: 20,
    year: 2016,
    color: 'white',
    plate: 'HAM-118204',
    fuelType: 'diesel',
    transmission: 'manual',
    daysAgo: 300,
  },
  {
    make: 'Ford',
    model: 'Transit',
    seats: 14,
    year: 2020,
    color: 'grey',
    plate: 'HOM-774410',
    fuelType: 'diesel',
    transmission: 'manual',
    daysAgo: 150,
  },
];
