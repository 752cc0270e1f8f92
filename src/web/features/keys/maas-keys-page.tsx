export { MaasKeysPage as default } from './maas-pages.tsx';
