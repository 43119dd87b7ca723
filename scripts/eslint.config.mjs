export { default } from '../eslint.tooling.config.mjs';
