/**
 * The fixed list of places a listing can be in (docs/delivery.md: Location): the 36 states and the FCT, each
 * with the cities and areas sellers pick. Ids are stable forever: a state keeps its number, a city is
 * `stateId * 100 + n`. Frozen as seeded by migration 1764030000001; a later change is a new migration that adds rows
 * (never renumbers). Aliases (after `|`) are other spellings found in free text, used only to read old listings.
 */
type Row = [id: number, name: string, aliases: string[], cities: string[]];

const ROWS: Row[] = [
  [1, 'Abia', [], ['Umuahia', 'Aba', 'Ohafia', 'Arochukwu', 'Bende', 'Isuikwuato', 'Umunneochi']],
  [2, 'Adamawa', [], ['Yola', 'Jimeta', 'Mubi', 'Numan', 'Ganye', 'Gombi', 'Michika']],
  [3, 'Akwa Ibom', [], ['Uyo', 'Eket', 'Ikot Ekpene', 'Oron', 'Abak', 'Ikot Abasi', 'Itu']],
  [4, 'Anambra', [], ['Awka', 'Onitsha', 'Nnewi', 'Ekwulobia', 'Ihiala', 'Ogidi', 'Nkpor', 'Obosi', 'Agulu']],
  [5, 'Bauchi', [], ['Bauchi', 'Azare', 'Misau', "Jama'are", 'Tafawa Balewa', 'Alkaleri']],
  [6, 'Bayelsa', [], ['Yenagoa', 'Brass', 'Ogbia', 'Sagbama', 'Nembe', 'Kaiama']],
  [7, 'Benue', [], ['Makurdi', 'Gboko', 'Otukpo', 'Katsina-Ala', 'Vandeikya', 'Adikpo']],
  [8, 'Borno', [], ['Maiduguri', 'Biu', 'Bama', 'Dikwa', 'Monguno', 'Gwoza']],
  [9, 'Cross River', [], ['Calabar', 'Ikom', 'Ogoja', 'Obudu', 'Ugep', 'Akamkpa']],
  [10, 'Delta', [], ['Asaba', 'Warri', 'Sapele', 'Ughelli', 'Agbor', 'Effurun', 'Abraka', 'Oleh', 'Ozoro', 'Kwale']],
  [11, 'Ebonyi', [], ['Abakaliki', 'Afikpo', 'Onueke', 'Ezza', 'Ishielu']],
  [12, 'Edo', [], ['Benin City|Benin', 'Auchi', 'Ekpoma', 'Uromi', 'Igarra', 'Irrua', 'Igueben']],
  [13, 'Ekiti', [], ['Ado-Ekiti', 'Ikere-Ekiti|Ikere', 'Ijero-Ekiti|Ijero', 'Ikole-Ekiti|Ikole', 'Efon-Alaaye|Efon', 'Ise-Ekiti', 'Omuo']],
  [14, 'Enugu', [], ['Enugu', 'Nsukka', 'Agbani', 'Oji River', 'Udi', 'Awgu', 'Independence Layout', 'Trans-Ekulu', 'New Haven']],
  [
    15,
    'Abuja (FCT)',
    ['Abuja', 'FCT', 'Federal Capital Territory'],
    [
      'Garki',
      'Wuse',
      'Wuse 2|Wuse II',
      'Maitama',
      'Asokoro',
      'Gwarinpa',
      'Kubwa',
      'Jabi',
      'Utako',
      'Lugbe',
      'Kuje',
      'Gwagwalada',
      'Bwari',
      'Nyanya',
      'Lokogoma',
      'Apo',
      'Life Camp',
      'Katampe',
      'Central Area|CBD',
      'Jahi',
      'Durumi',
      'Kado',
      'Dutse Alhaji',
    ],
  ],
  [16, 'Gombe', [], ['Gombe', 'Kaltungo', 'Billiri', 'Dukku', 'Bajoga', 'Kumo']],
  [17, 'Imo', [], ['Owerri', 'Orlu', 'Okigwe', 'Oguta', 'Mbaise', 'Mbano', 'Nkwerre']],
  [18, 'Jigawa', [], ['Dutse', 'Hadejia', 'Gumel', 'Kazaure', 'Birnin Kudu', 'Ringim']],
  [19, 'Kaduna', [], ['Kaduna', 'Zaria', 'Kafanchan', 'Kagoro', 'Zonkwa', 'Saminaka', 'Barnawa', 'Ungwan Rimi']],
  [20, 'Kano', [], ['Kano', 'Fagge', 'Sabon Gari', 'Tarauni', 'Gwale', 'Dala', 'Wudil', 'Bichi', 'Rano', 'Gaya']],
  [21, 'Katsina', [], ['Katsina', 'Funtua', 'Daura', 'Malumfashi', 'Dutsin-Ma', 'Kankia']],
  [22, 'Kebbi', [], ['Birnin Kebbi', 'Argungu', 'Yauri', 'Zuru', 'Jega']],
  [23, 'Kogi', [], ['Lokoja', 'Okene', 'Kabba', 'Idah', 'Anyigba', 'Ankpa', 'Ajaokuta']],
  [24, 'Kwara', [], ['Ilorin', 'Offa', 'Omu-Aran', 'Jebba', 'Lafiagi', 'Patigi']],
  [
    25,
    'Lagos',
    [],
    [
      'Ikeja',
      'Lekki',
      'Victoria Island|VI',
      'Ikoyi',
      'Surulere',
      'Yaba',
      'Ikorodu',
      'Ajah',
      'Festac|Festac Town',
      'Apapa',
      'Agege',
      'Alimosho',
      'Oshodi',
      'Maryland',
      'Gbagada',
      'Magodo',
      'Ojota',
      'Ketu',
      'Mushin',
      'Ojo',
      'Badagry',
      'Epe',
      'Isolo',
      'Ikotun',
      'Egbeda',
      'Ogba',
      'Lagos Island',
      'Ebute Metta',
      'Ilupeju',
      'Amuwo-Odofin',
      'Sangotedo',
      'Ibeju-Lekki',
      'Ojodu',
      'Idimu',
      'Ipaja',
      'Ikota',
      'Chevron',
      'Obalende',
    ],
  ],
  [26, 'Nasarawa', [], ['Lafia', 'Keffi', 'Akwanga', 'Karu', 'Mararaba', 'Doma']],
  [27, 'Niger', [], ['Minna', 'Bida', 'Suleja', 'Kontagora', 'New Bussa', 'Lapai']],
  [
    28,
    'Ogun',
    [],
    ['Abeokuta', 'Ijebu-Ode', 'Sagamu|Shagamu', 'Ota|Sango Ota|Sango-Ota', 'Ifo', 'Mowe', 'Ibafo', 'Ilaro', 'Agbara', 'Ikenne'],
  ],
  [29, 'Ondo', [], ['Akure', 'Ondo', 'Owo', 'Ikare-Akoko|Ikare', 'Okitipupa', 'Ore', 'Idanre']],
  [30, 'Osun', [], ['Osogbo|Oshogbo', 'Ile-Ife|Ife', 'Ilesa|Ilesha', 'Ede', 'Iwo', 'Ikirun', 'Ila']],
  [31, 'Oyo', [], ['Ibadan', 'Ogbomoso', 'Oyo', 'Iseyin', 'Saki|Shaki', 'Igboho', 'Eruwa', 'Igbo-Ora']],
  [32, 'Plateau', [], ['Jos', 'Bukuru', 'Pankshin', 'Shendam', 'Langtang', 'Barkin Ladi']],
  [
    33,
    'Rivers',
    [],
    [
      'Port Harcourt|PH|PHC',
      'Obio-Akpor',
      'Bonny',
      'Eleme',
      'Oyigbo',
      'Okrika',
      'Ahoada',
      'Omoku',
      'Bori',
      'Rumuokoro',
      'Trans-Amadi',
      'Rumuola',
    ],
  ],
  [34, 'Sokoto', [], ['Sokoto', 'Tambuwal', 'Gwadabawa', 'Wurno', 'Illela']],
  [35, 'Taraba', [], ['Jalingo', 'Wukari', 'Bali', 'Takum', 'Serti', 'Gembu']],
  [36, 'Yobe', [], ['Damaturu', 'Potiskum', 'Gashua', 'Nguru', 'Geidam']],
  [37, 'Zamfara', [], ['Gusau', 'Kaura Namoda', 'Talata Mafara', 'Anka', 'Tsafe']],
];

export interface PlaceState {
  id: number;
  name: string;
  aliases: string[];
}
export interface PlaceCity {
  id: number;
  stateId: number;
  name: string;
  aliases: string[];
}

export const NIGERIA_STATES: PlaceState[] = ROWS.map(([id, name, aliases]) => ({ id, name, aliases }));
export const NIGERIA_CITIES: PlaceCity[] = ROWS.flatMap(([stateId, , , cities]) =>
  cities.map((c, i) => {
    const [name, ...aliases] = c.split('|');
    return { id: stateId * 100 + i + 1, stateId, name, aliases };
  }),
);
