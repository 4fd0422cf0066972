import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The msw server every component test shares; unhandled requests fail the test. */
export const server = setupServer(...handlers);
