/**
 * What the simulated service sells: regions, GPU models and their prices, flavors, OS images and Kubernetes
 * versions. Static (the same for every seed); stock, which changes from seed to seed, lives in the world. One
 * concern per file under catalog/; this file gathers them.
 */
export * from './catalog/flavors.js';
export * from './catalog/images.js';
export * from './catalog/kubernetes.js';
export * from './catalog/prices.js';
export * from './catalog/regions.js';
