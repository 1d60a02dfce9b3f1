/** Sending swaps by post: the member's private address, packing slips, carriers and tracking. */
export { AddressCard } from './components/address-card';
export { AddressDialog } from './components/address-dialog';
export { PostageSection, RingPostageSection } from './components/postage-section';
export { useMyAddress } from './api';
