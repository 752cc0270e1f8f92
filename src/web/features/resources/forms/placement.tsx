// Vendor → region → zone, shared by the purchase wizard and the create form (seed 000 §4): the
// first vendor by order and the first region are chosen; zones are sorted by sort_value and the
// first is chosen; a vendor change resets region and zone, a region change resets the zone; a
// region without zones clears the zone and shows the orange 「当前选项下无可用区，请更换配置」.
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Selector } from 'antd-mobile';
import type { KindDefinition } from '../../../../domain/kinds/kind.ts';
import { useBreakpoint } from '../../../lib/hooks.ts';
import { listRegions, listVendors, listZones } from '../api.ts';
import { fieldLabel, optionLabel } from '../kind-meta.ts';
import { sortZones } from '../list-state.ts';
import { resourceKeys } from '../query-keys.ts';

type Values = Record<string, unknown>;

/** `set` must keep its identity between renders (useCallback). */
export function usePlacement(productCode: string, values: Values, set: (patch: Values) => void) {
  const vendor = values.vendor as string | undefined;
  const regionId = values.region_id as string | undefined;
  const vendors = useQuery({ queryKey: resourceKeys.vendors(), queryFn: listVendors, staleTime: 600_000 });
  const regions = useQuery({ queryKey: resourceKeys.regions(vendor), queryFn: () => listRegions(vendor), enabled: Boolean(vendor), staleTime: 600_000 });
  const zones = useQuery({ queryKey: resourceKeys.zones(productCode, regionId), queryFn: () => listZones(productCode, regionId!), enabled: Boolean(regionId) });
  const sortedZones = useMemo(() => sortZones((zones.data?.data ?? []).filter((z) => z.enabled)), [zones.data]);
  const noZone = Boolean(regionId) && zones.isSuccess && !sortedZones.length;

  useEffect(() => {
    if (!vendor && vendors.data?.data.length) set({ vendor: vendors.data.data[0]!.id });
  }, [vendor, vendors.data, set]);
  useEffect(() => {
    if (vendor && !regionId && regions.data?.data.length) set({ region_id: regions.data.data[0]!.id });
  }, [vendor, regionId, regions.data, set]);
  useEffect(() => {
    if (!regionId || !zones.isSuccess) return;
    const current = values.az_id as string | undefined;
    if (!sortedZones.length) {
      if (current) set({ az_id: undefined });
      return;
    }
    if (!current || !sortedZones.some((z) => z.id === current)) set({ az_id: sortedZones[0]!.id });
  }, [regionId, zones.isSuccess, sortedZones, values.az_id, set]);

  return {
    vendor,
    regionId,
    noZone,
    sortedZones,
    vendors: vendors.data?.data ?? [],
    regions: regions.data?.data ?? [],
    /** `extra` adds what else a vendor change resets (the wizard's yearly package on CTyun). */
    chooseVendor: (v: string, extra: Values = {}) => set({ vendor: v, region_id: undefined, az_id: undefined, ...extra }),
    chooseRegion: (r: string) => set({ region_id: r, az_id: undefined }),
    chooseZone: (z: string) => set({ az_id: z }),
  };
}
export type Placement = ReturnType<typeof usePlacement>;

/** Placement errors of a form: each of vendor, region and zone must be chosen. */
export function placementErrors(values: Values, label: (key: string) => string, required: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['vendor', 'region_id', 'az_id']) if (!values[k]) out[k] = `${label(k)}${required}`;
  return out;
}

export function PlacementFields({
  def,
  p,
  values,
  errors,
  onVendor,
}: {
  def: KindDefinition;
  p: Placement;
  values: Values;
  errors: Record<string, string>;
  onVendor?: (v: string) => void;
}) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const label = (key: string) => fieldLabel(t, def, key);
  return (
    <>
      <div className={`ys-form__item${errors.vendor ? ' has-error' : ''}`}>
        <label className="ys-form__label">
          <span className="ys-form__required">*</span>
          {label('vendor')}
        </label>
        <Selector
          columns={bp === 'phone' ? 2 : 3}
          value={p.vendor ? [p.vendor] : []}
          data-testid="field-vendor"
          onChange={(v) => v[0] && (onVendor ? onVendor(v[0]) : p.chooseVendor(v[0]))}
          options={p.vendors.map((v) => ({ label: optionLabel(t, def, 'vendor', v.id), value: v.id }))}
        />
        {errors.vendor ? <div className="ys-form__error">{errors.vendor}</div> : null}
      </div>
      <div className={`ys-form__item${errors.region_id ? ' has-error' : ''}`}>
        <label className="ys-form__label">
          <span className="ys-form__required">*</span>
          {label('region_id')}
        </label>
        <Selector
          columns={2}
          value={p.regionId ? [p.regionId] : []}
          data-testid="field-region_id"
          onChange={(v) => v[0] && p.chooseRegion(v[0])}
          options={p.regions.map((r) => ({ label: r.name, value: r.id }))}
        />
        {errors.region_id ? <div className="ys-form__error">{errors.region_id}</div> : null}
      </div>
      <div className={`ys-form__item${errors.az_id ? ' has-error' : ''}`}>
        <label className="ys-form__label">
          <span className="ys-form__required">*</span>
          {label('az_id')}
        </label>
        {p.noZone ? (
          <div className="ys-form__notice ys-form__notice--orange" role="status" data-testid="no-zone">
            {t('resources:buy.no_zone')}
          </div>
        ) : (
          <Selector
            columns={2}
            value={values.az_id ? [String(values.az_id)] : []}
            data-testid="field-az_id"
            onChange={(v) => v[0] && p.chooseZone(v[0])}
            options={p.sortedZones.map((z) => ({ label: z.name, value: z.id }))}
          />
        )}
        {errors.az_id ? <div className="ys-form__error">{errors.az_id}</div> : null}
      </div>
    </>
  );
}
