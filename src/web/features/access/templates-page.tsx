// policieTemplates and policieTemplatesDetail/{id}: the authorisation templates to start a policy
// from (their permissions listed), 以此模板新建策略 opens policiesManage's form filled.
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useCan } from '../../lib/can.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { getTemplate, listTemplates } from './api.ts';
import { Card, permissionLabel } from './parts.tsx';
import { accessKeys } from './query-keys.ts';

export function TemplatesPage() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const q = useQuery({ queryKey: accessKeys.templates(), queryFn: listTemplates });
  return (
    <PageFrame name="policieTemplates" className="ys-acc">
      <div className="ys-acc__head">
        <h2>{t('template.title')}</h2>
      </div>
      {q.isPending ? (
        <DotLoading />
      ) : !q.data?.data.length ? (
        <ErrorBlock status="empty" title={t('template.empty')} description="" />
      ) : (
        <div className="ys-acc__grid" data-testid="template-list">
          {q.data.data.map((x) => (
            <Card key={x.code} testId="template-card" title={t(`template.names.${x.code}`)} onClick={() => navigate(`/policieTemplatesDetail/${x.code}`)}>
              <p className="ys-acc__line">{t(`template.descriptions.${x.code}`)}</p>
              <p className="ys-acc__muted">{t('template.count', { count: x.permissions.length })}</p>
            </Card>
          ))}
        </div>
      )}
    </PageFrame>
  );
}

export function TemplateDetailPage() {
  const { t } = useTranslation('access');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: accessKeys.template(id), queryFn: () => getTemplate(id) });
  const editable = useCan()('manage:policy');
  return (
    <PageFrame name="policieTemplatesDetail" className="ys-acc">
      {q.isError ? (
        <ErrorBlock status="empty" title={t('template.empty')} description="" />
      ) : !q.data ? (
        <DotLoading />
      ) : (
        <>
          <div className="ys-acc__head">
            <h2>{t(`template.names.${q.data.code}`)}</h2>
            <Button fill="none" onClick={() => navigate('/policieTemplates')}>
              {t('template.back')}
            </Button>
          </div>
          <p className="ys-acc__line">{t(`template.descriptions.${q.data.code}`)}</p>
          <Card title={t('policy.permissions')}>
            {q.data.permissions.map((perm) => (
              <div key={perm} className="ys-acc__perm">
                {permissionLabel(t, perm)}
              </div>
            ))}
          </Card>
          {editable ? (
            <div className="ys-acc__actions">
              <Button color="primary" onClick={() => navigate(`/policiesManage?template=${q.data.code}`)} data-testid="template-use">
                {t('template.use')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </PageFrame>
  );
}

export default TemplatesPage;
