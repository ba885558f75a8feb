/** The browser position's public module. */
export { type Place, useGeo } from './geoStore';
