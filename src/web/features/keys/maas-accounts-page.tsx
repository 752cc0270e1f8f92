export { MaasAccountsPage as default } from './maas-pages.tsx';
