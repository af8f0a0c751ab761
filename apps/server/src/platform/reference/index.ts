export { areasIn, isKnownArea } from './areas.ts';
