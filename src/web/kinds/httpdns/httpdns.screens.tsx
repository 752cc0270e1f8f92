// HTTPDNS's screens in their slots (httpdns.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './httpdns.slots.ts';
import { HttpDnsOverview, HttpDnsTabs } from './httpdns-pages.tsx';

function HttpDnsHead() {
  return (
    <>
      <HttpDnsTabs />
      <HttpDnsOverview />
    </>
  );
}

export const screens: KindScreens<typeof slots> = {
  above: { httpDnsManage: HttpDnsHead, httpDnsManage_httpDns: HttpDnsHead, httpDnsManage_httpDomainList: HttpDnsTabs },
};
