// A barrel: callers import the helpers from here.
export { cardMeta } from './card-meta.js';
