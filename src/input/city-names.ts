// The other names people write Syrian cities by, as data: transliterations from Arabic (Hims,
// Halab, Dimashq), French and older English spellings (Lattaquié, Tartous, Deir al-Zor), and the
// everyday short forms (Sham, Sweida). Keyed by the service's city id; a city the service lists
// is also found by its id, its name and its Arabic name, with or without the article (al-, as-,
// ال), in any case — see cityKeys in resolve.ts. test/input/cities.test.ts checks every entry
// against the sandbox's cities, so a renamed id cannot leave an entry behind unnoticed.
export const CITY_ALTERNATIVE_NAMES: Readonly<Record<string, readonly string[]>> = {
  damascus: ['Dimashq', 'Dimashk', 'Damas', 'Damasco', 'Damaskus', 'Sham', 'Al-Sham', 'Esh-Sham', 'الشام'],
  aleppo: ['Halab', 'Haleb', 'Alep', 'Alepo'],
  homs: ['Hims', 'Hums', 'Emesa'],
  hama: ['Hamah', 'Hamat', 'Hamath', 'Hamma'],
  latakia: ['Lattakia', 'Lattakiya', 'Latakiya', 'Latakiyah', 'Al-Ladhiqiyah', 'Ladhiqiyah', 'Lattaquie', 'Laodicea'],
  tartus: ['Tartous', 'Tartouss', 'Tortosa', 'Tartoos'],
  daraa: ["Dar'a", 'Deraa', 'Dera', 'Deraah'],
  'deir-ez-zor': ['Deir al-Zor', 'Deir el-Zor', 'Deir ez Zor', 'Deir Ezzor', 'Deir Azzor', 'Dayr az-Zawr', 'Der Ezzor', 'Deir'],
  raqqa: ['Raqqah', 'Al-Raqqa', 'Ar-Raqqah', 'Rakka', 'Raqa'],
  idlib: ['Idleb', 'Edlib', 'Edleb'],
  suwayda: ['Suwayda', 'Sweida', 'Sweyda', 'Suweida', 'Suwaida', 'Soueida', 'Es-Suweida'],
  qamishli: ['Qamishly', 'Qamishlo', 'Kamishli', 'Kamishly', 'Al-Qamishli'],
};
