// Words that are never a name of a city, a place or a vehicle, however they start: what people
// and spreadsheets put in a name's cell or flag when they mean "no particular one" (All, any,
// none, الكل), a header or a connective pasted with it (from, to, city), or a placeholder (n/a,
// tbd). Without this list `All` began `Al-Ladhiqiyah` and was read as Latakia. A word here that
// names something exactly (a city called "To") is still found by that name: the list only stops
// starts and near guesses. test/input/names.test.ts walks it through the resolver against every
// city of the sandbox.
import { normalizeName } from './names.js';

/** A start of a name must be at least this many letters (after an article) to be read as the name. */
export const MIN_PREFIX = 3;

const ENGLISH = (
  'all,any,anything,anywhere,both,each,either,every,everything,everywhere,neither,none,nothing,nowhere,some,' +
  'somewhere,other,others,rest,whole,total,everyone,from,to,into,via,and,or,not,the,a,an,of,in,on,at,by,for,with,' +
  'out,between,towards,toward,here,there,this,that,these,those,same,yes,no,true,false,ok,null,nil,undefined,' +
  'unknown,n/a,na,tbd,tba,todo,test,default,empty,blank,misc,various,multiple,several,many,more,less,etc,city,' +
  'cities,town,place,places,station,stop,origin,destination,departure,arrival,vehicle,vehicles,bus,plate,route,' +
  'trip,trips,new,old,main,centre,center,home,city centre,all cities,any city'
).split(',');

const ARABIC = (
  'الكل,كل,الجميع,جميع,كافة,أي,اي,أية,لا,لاشيء,لا شيء,نعم,غير,بدون,أخرى,اخرى,من,إلى,الى,في,على,عن,مع,و,أو,او,ثم,' +
  'بين,هنا,هناك,هذا,هذه,ذلك,مدينة,المدينة,مدن,المدن,محطة,المحطة,مكان,المكان,مركز,المركز,كراج,الكراج,انطلاق,' +
  'الانطلاق,وصول,الوصول,رحلة,الرحلة,باص,الباص,سيارة,السيارة,لوحة,مجهول,كل المدن,جميع المدن,أي مدينة'
).split(',');

/** Folded when a name is first read, not at every start of a command that may read one. */
let words: Set<string> | undefined;

/** Whether `text`, folded as names are (case, letter variants, spaces), is one of the common words. */
export function isCommonWord(text: string): boolean {
  words ??= new Set([...ENGLISH, ...ARABIC].map(normalizeName));
  return words.has(normalizeName(text));
}

/** The list, for the test that walks it through the resolver. */
export const COMMON_WORDS: readonly string[] = [...ENGLISH, ...ARABIC];
