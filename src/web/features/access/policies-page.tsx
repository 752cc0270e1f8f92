// policiesManage: the policies of the current tenant (every policy for platform roles) as cards with
// their permission count and grants; 新建策略 in a sheet, optionally from a template
// (?template=<code> opens it filled), permissions picked from the role catalogue (at least one).
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DotLoading, ErrorBlock, Form, Input, Selector } from 'antd-mobile';
import { useCan } from '../../lib/can.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { formatDateTime } from '../../../domain/time-format.ts';
import { createPolicy, listPolicies, listRoles, listTemplates } from './api.ts';
import { Card, Sheet, permissionLabel } from './parts.tsx';
import { accessKeys } from './query-keys.ts';

function PolicyForm({ template, onDone }: { template: string | null; onDone: (id?: string) => void }) {
  const { t } = useTranslation('access');
  const roles = useQuery({ queryKey: accessKeys.roles(), queryFn: listRoles });
  const templates = useQuery({ queryKey: accessKeys.templates(), queryFn: listTemplates });
  const [tpl, setTpl] = useState<string>(template ?? '');
  const [perms, setPerms] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const found = templates.data?.data.find((x) => x.code === tpl);
    if (found) setPerms([...found.permissions]);
  }, [tpl, templates.data]);
  // a tenant's policy holds permissions inside the tenant only (the server refuses the others)
  const choices = (roles.data?.permissions ?? []).filter((p) => p.endsWith(':own'));
  const submit = async (v: { name: string; description: string }) => {
    if (!perms.length) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      const p = await createPolicy({ name: v.name, description: v.description ?? '', permissions: perms, template_code: tpl || null });
      onDone(p.id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      layout="vertical"
      initialValues={{ name: tpl ? t(`template.names.${tpl}`) : '' }}
      onFinish={(v: { name: string; description: string }) => void submit(v)}
      footer={
        <div className="ys-acc__actions">
          <Button onClick={() => onDone()}>{t('policy.cancel')}</Button>
          <Button color="primary" type="submit" loading={busy} data-testid="policy-save">
            {t('policy.save')}
          </Button>
        </div>
      }
    >
      <h3>{t('policy.add')}</h3>
      <Form.Item name="name" label={t('policy.name')} rules={[{ required: true, max: 64 }]}>
        <Input maxLength={64} clearable data-testid="policy-name" />
      </Form.Item>
      <Form.Item name="description" label={t('policy.description')}>
        <Input maxLength={256} clearable />
      </Form.Item>
      <Form.Item label={t('policy.template')}>
        <Selector
          columns={2}
          value={[tpl]}
          onChange={(v) => setTpl(v[0] ?? '')}
          options={[
            { value: '', label: t('policy.no_template') },
            ...(templates.data?.data ?? []).map((x) => ({ value: x.code, label: t(`template.names.${x.code}`) })),
          ]}
          data-testid="policy-template"
        />
      </Form.Item>
      <Form.Item label={t('policy.permissions')} help={missing ? t('policy.permissions_hint') : undefined}>
        <Checkbox.Group
          value={perms}
          onChange={(v) => {
            setPerms(v as string[]);
            setMissing(false);
          }}
        >
          <div className="ys-acc__check" data-testid="policy-permissions">
            {choices.map((p) => (
              <div key={p}>
                <Checkbox value={p} data-perm={p}>
                  {permissionLabel(t, p)}
                </Checkbox>
              </div>
            ))}
          </div>
        </Checkbox.Group>
      </Form.Item>
    </Form>
  );
}

export default function PoliciesPage() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const template = params.get('template');
  const editable = useCan()('manage:policy');
  const [adding, setAdding] = useState(template !== null);
  const q = useQuery({ queryKey: accessKeys.policies(), queryFn: listPolicies });
  const close = (id?: string) => {
    setAdding(false);
    if (template) setParams({}, { replace: true });
    void client.invalidateQueries({ queryKey: accessKeys.policies() });
    if (id) navigate(`/policiesManageDetail/${id}`);
  };
  return (
    <PageFrame name="policiesManage" className="ys-acc">
      <div className="ys-acc__head">
        <h2>{t('policy.title')}</h2>
        <div className="ys-acc__actions" style={{ marginTop: 0 }}>
          <Button onClick={() => navigate('/policieTemplates')}>{t('template.title')}</Button>
          <Button onClick={() => navigate('/empower')}>{t('empower.title')}</Button>
          {editable ? (
            <Button color="primary" onClick={() => setAdding(true)} data-testid="policy-add">
              {t('policy.add')}
            </Button>
          ) : null}
        </div>
      </div>
      {q.isPending ? (
        <DotLoading />
      ) : !q.data?.data.length ? (
        <ErrorBlock status="empty" title={t('policy.empty')} description="" />
      ) : (
        <div className="ys-acc__grid" data-testid="policy-list">
          {q.data.data.map((p) => (
            <Card key={p.id} testId="policy-card" title={p.name} onClick={() => navigate(`/policiesManageDetail/${p.id}`)}>
              <p className="ys-acc__line">{p.description || (p.tenant_name ?? t('policy.platform'))}</p>
              <p className="ys-acc__line">
                {t('template.count', { count: p.permissions.length })} · {t('policy.grant_count', { count: p.grant_count })}
              </p>
              <p className="ys-acc__muted">
                {t('policy.updated_at')}：{formatDateTime(p.updated_at)}
              </p>
            </Card>
          ))}
        </div>
      )}
      <Sheet open={adding && editable} onClose={() => close()}>
        <PolicyForm template={template} onDone={close} />
      </Sheet>
    </PageFrame>
  );
}
