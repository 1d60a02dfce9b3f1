export { freePort, type RunningServer, startServer } from '../../src/server/test-support/server-process';
