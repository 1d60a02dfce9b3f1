/**
 * How many journey files run at once (E2E_WORKERS, 2 by default: this project's CI machine has
 * two cores, and a journey spends much of its time waiting on the browser and the app). Each
 * worker has an app of its own (global-setup.ts), so that no journey sees another's members,
 * listings or rate-limit counts mid-flight.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
