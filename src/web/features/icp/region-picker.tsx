// The administrative-region picker of the ICP wizard (issue 31): react-vant's Area over
// @vant/area-data, in a bottom popup; the field shows 省 / 市 / 区县 in words.
import { useTranslation } from 'react-i18next';
import { areaList } from '@vant/area-data';
import Area from 'react-vant/es/area/index.js';
import 'react-vant/es/styles/css-variables.css';
import 'react-vant/es/popup/style/index.css';
import 'react-vant/es/overlay/style/index.css';
import 'react-vant/es/picker/style/index.css';

export interface Region {
  province: string;
  city: string;
  district: string;
}

export const regionText = (r: Region) =>
  r.district ? [areaList.province_list[r.province], areaList.city_list[r.city], areaList.county_list[r.district]].filter(Boolean).join(' / ') : '';

export function RegionPicker({ value, onChange, invalid }: { value: Region; onChange: (r: Region) => void; invalid: boolean }) {
  const { t } = useTranslation('icp');
  return (
    <Area
      popup={{ round: true }}
      title={t('wizard.region_title')}
      areaList={areaList}
      placeholder={false}
      value={value.district ? [value.province, value.city, value.district] : undefined}
      confirmButtonText={t('wizard.ok')}
      cancelButtonText={t('wizard.cancel')}
      onConfirm={(codes: string[]) => onChange({ province: codes[0] ?? '', city: codes[1] ?? '', district: codes[2] ?? '' })}
    >
      {(_v: unknown, _o: unknown, actions: { open: () => void }) => (
        <button type="button" className="ys-icp__pick" aria-invalid={invalid} onClick={() => actions.open()} data-testid="icp-region">
          {regionText(value) || t('wizard.region_pick')}
        </button>
      )}
    </Area>
  );
}
