/** The stats feature's public surface: other features and the app import it from here only. */
export { StatsBand } from './components/stats-band';
