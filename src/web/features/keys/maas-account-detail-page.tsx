export { MaasAccountDetailPage as default } from './maas-pages.tsx';
