/** The shipping feature's public surface: other features and the app import it from here only. */
export { ShippingDialog } from './components/shipping-dialog';
