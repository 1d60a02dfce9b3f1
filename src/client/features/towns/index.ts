export { useTown, useTownSearch } from './api';
export { TownCombobox } from './components/town-combobox';
export { NearFilter } from './components/near-filter';
export { DistanceLabel, distanceText } from './components/distance-label';
