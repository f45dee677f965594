// Entry of the on-use bundle (dist/features.js), loaded by host/lazyFeatures.ts on first use.
export { loadFeatures } from './host/features';
export type { FeatureHost, Features } from './host/features';
