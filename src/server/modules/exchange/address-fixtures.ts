/** Addresses the exchange tests give their members. */
export const parisAddress = {
  name: 'Camille Martin',
  line1: '12 rue des Lilas',
  line2: 'Bâtiment B',
  postcode: '75011',
  city: 'Paris',
  country: 'FR',
  phone: '+33 6 12 34 56 78',
};

export const leedsAddress = {
  name: 'Sam Taylor',
  line1: '4 Park Row',
  postcode: 'LS1 5HD',
  city: 'Leeds',
  country: 'gb',
};

export const bostonAddress = {
  name: 'Jordan Lee',
  line1: '200 Clarendon St',
  postcode: '02116',
  city: 'Boston',
  country: 'US',
};
