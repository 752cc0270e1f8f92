// notifyChannels: the team-chat robots of the current project (企业微信 / 钉钉 / 飞书) with their state
// (正常, or 发送失败 with the time of the last failure), 发送测试消息, and add / edit / delete for
// those who manage the project. The webhook URL and the signing secret are never shown again: the
// server answers a masked URL, and an edit replaces them only when typed anew.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, ErrorBlock, Form, Input, Popup, Selector, Switch, Tag, Toast } from 'antd-mobile';
import { CHAT_TYPES, endpointUrlAllowed, shanghaiTime, type ChatType } from '../../../domain/notify.ts';
import { projectAtom } from '../../lib/store.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { createChannel, deleteChannel, listChannels, testChannel, updateChannel, type NotifyChannel } from './api.ts';
import './notify.css';
import { notifyKeys } from './query-keys.ts';

interface Draft {
  type: ChatType;
  name: string;
  url: string;
  secret: string;
  enabled: boolean;
}

function ChannelForm({ editing, onDone }: { editing: NotifyChannel | null; onDone: () => void }) {
  const { t } = useTranslation('notify');
  const [form] = Form.useForm<Draft>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: Draft) => {
    setBusy(true);
    try {
      const body: Record<string, unknown> = { name: v.name, enabled: v.enabled };
      if (!editing) body.type = v.type;
      if (v.url) body.url = v.url;
      if (v.secret) body.secret = v.secret;
      if (editing) await updateChannel(editing.id, body);
      else await createChannel(body);
      Toast.show({ content: t('channels.saved') });
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      className="ys-chan__form"
      layout="vertical"
      initialValues={{ type: editing?.type ?? 'wecom', name: editing?.name ?? '', url: '', secret: '', enabled: editing?.enabled ?? true }}
      onFinish={(v) => void submit(v)}
      footer={
        <div className="ys-chan__form-actions">
          <Button onClick={onDone}>{t('channels.cancel')}</Button>
          <Button color="primary" type="submit" loading={busy} data-testid="channel-save">
            {t('channels.save')}
          </Button>
        </div>
      }
    >
      {!editing && (
        <Form.Item name="type" label={t('channels.type')} rules={[{ required: true }]}>
          <Selector columns={3} options={CHAT_TYPES.map((c) => ({ value: c, label: t(`channels.types.${c}`) }))} />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('channels.name')} rules={[{ required: true, max: 32, message: t('channels.name_placeholder') }]}>
        <Input placeholder={t('channels.name_placeholder')} maxLength={32} clearable data-testid="channel-name" />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('channels.url')}
        help={editing ? t('channels.url_keep', { url: editing.url }) : undefined}
        rules={[
          { required: !editing, message: t('channels.rule_url') },
          {
            validator: async (_r, value: string) =>
              !value || endpointUrlAllowed(value.trim()) ? undefined : Promise.reject(new Error(t('channels.rule_url'))),
          },
        ]}
      >
        <Input placeholder={t('channels.url_placeholder')} clearable data-testid="channel-url" />
      </Form.Item>
      <Form.Item name="secret" label={t('channels.secret')} help={editing?.has_secret ? t('channels.secret_keep') : undefined}>
        <Input type="password" placeholder={t('channels.secret_placeholder')} clearable autoComplete="off" />
      </Form.Item>
      <Form.Item name="enabled" label={t('channels.enabled')} childElementPosition="right" valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}

export default function ChannelsPage() {
  const { t } = useTranslation('notify');
  const client = useQueryClient();
  const bp = useBreakpoint();
  const project = useAtomValue(projectAtom);
  const q = useQuery({ queryKey: notifyKeys.channelsOf(project?.id), queryFn: listChannels, enabled: !!project });
  const [editing, setEditing] = useState<NotifyChannel | 'new' | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: notifyKeys.channels() });

  const test = async (ch: NotifyChannel) => {
    setTesting(ch.id);
    try {
      const res = await testChannel(ch.id);
      Toast.show({ content: res.ok ? t('channels.test_ok') : t('channels.test_failed', { error: res.error ?? '' }) });
      await refresh();
    } finally {
      setTesting(null);
    }
  };
  const remove = async (ch: NotifyChannel) => {
    const ok = await Dialog.confirm({
      content: t('channels.delete_confirm', { name: ch.name }),
      confirmText: t('channels.delete'),
      cancelText: t('channels.cancel'),
    });
    if (!ok) return;
    await deleteChannel(ch.id);
    Toast.show({ content: t('channels.deleted') });
    await refresh();
  };
  const stateLine = (ch: NotifyChannel) => {
    if (!ch.enabled) return <span className="ys-chan__state">{t('channels.state.disabled')}</span>;
    if (ch.state === 'failed')
      return (
        <span className="ys-chan__state ys-chan__state--failed" data-testid="channel-state">
          {t('channels.state.failed')} · {t('channels.last_error_at', { time: shanghaiTime(ch.last_error_at) })}
          {ch.last_error ? `（${ch.last_error}）` : ''}
        </span>
      );
    if (ch.state === 'ok')
      return (
        <span className="ys-chan__state ys-chan__state--ok" data-testid="channel-state">
          {t('channels.state.ok')} · {t('channels.last_success_at', { time: shanghaiTime(ch.last_success_at) })}
        </span>
      );
    return (
      <span className="ys-chan__state" data-testid="channel-state">
        {t('channels.state.untested')}
      </span>
    );
  };

  const canManage = q.data?.can_manage ?? false;
  return (
    <PageFrame name="notifyChannels" className="ys-chan">
      <div className="ys-chan__head">
        <p>{t('channels.intro')}</p>
        {canManage && (
          <Button color="primary" onClick={() => setEditing('new')} data-testid="channel-add">
            {t('channels.add')}
          </Button>
        )}
      </div>
      {q.data && !canManage && <p className="ys-nset__hint">{t('channels.no_manage')}</p>}
      {!project ? (
        <ErrorBlock status="empty" title={t('channels.need_project')} description="" />
      ) : q.isPending ? (
        <DotLoading />
      ) : !q.data?.data.length ? (
        <ErrorBlock status="empty" title={t('channels.empty')} description="" />
      ) : (
        <div className="ys-chan__grid" data-testid="channel-list">
          {q.data.data.map((ch) => (
            <section key={ch.id} className="ys-chan__card" data-testid="channel-card">
              <div className="ys-chan__title">
                <span>{ch.name}</span>
                <Tag color="primary" fill="outline">
                  {t(`channels.types.${ch.type}`)}
                </Tag>
              </div>
              <div className="ys-chan__url">{ch.url}</div>
              {ch.has_secret && <div className="ys-chan__url">{t('channels.secret_set')}</div>}
              {stateLine(ch)}
              {canManage && (
                <div className="ys-chan__actions">
                  <Button size="small" color="primary" fill="outline" loading={testing === ch.id} onClick={() => void test(ch)} data-testid="channel-test">
                    {t('channels.test')}
                  </Button>
                  <Button size="small" onClick={() => setEditing(ch)}>
                    {t('channels.edit')}
                  </Button>
                  <Button size="small" color="danger" fill="outline" onClick={() => void remove(ch)}>
                    {t('channels.delete')}
                  </Button>
                </div>
              )}
            </section>
          ))}
        </div>
      )}
      <Popup
        visible={editing !== null}
        onMaskClick={() => setEditing(null)}
        position={bp === 'phone' ? 'bottom' : 'right'}
        bodyStyle={bp === 'phone' ? { maxHeight: '90vh', overflowY: 'auto', borderRadius: '12px 12px 0 0' } : { width: 440, overflowY: 'auto' }}
        destroyOnClose
      >
        {editing !== null && (
          <ChannelForm
            editing={editing === 'new' ? null : editing}
            onDone={() => {
              setEditing(null);
              void refresh();
            }}
          />
        )}
      </Popup>
    </PageFrame>
  );
}
