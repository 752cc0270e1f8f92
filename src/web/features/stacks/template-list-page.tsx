// visualTemplateManage: the tenant's orchestration templates as cards (name, built-in or own, the
// kinds it holds, when it changed), each opened in the editor, deployed or (when its own) deleted.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import { TaskListState } from '../../ui/task-frame.tsx';
import { STACK_KINDS } from '../../../domain/stacks.ts';
import { deleteTemplate, listTemplates, type StackTemplate } from './api.ts';
import { stackKeys } from './query-keys.ts';
import { PATHS, StacksFrame, useKindName, when } from './stacks-parts.tsx';

function TemplateCard({ tpl }: { tpl: StackTemplate }) {
  const { t } = useTranslation('stacks');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const kindName = useKindName();
  const remove = useMutation({
    mutationFn: () => deleteTemplate(tpl.id),
    onSuccess: async () => {
      Toast.show({ content: t('templates.deleted') });
      await qc.invalidateQueries({ queryKey: stackKeys.templates() });
    },
  });
  const counts = STACK_KINDS.map((k) => [k, tpl.nodes.filter((n) => n.kind === k).length] as const).filter(([, n]) => n > 0);
  return (
    <li className="ys-stacks__card" data-testid="template-card">
      <div className="ys-stacks__cardhead">
        <button type="button" className="ys-stacks__name" onClick={() => navigate(PATHS.editor(tpl.id))}>
          {tpl.name}
        </button>
        {tpl.builtin ? (
          <Tag color="primary" fill="outline">
            {t('templates.builtin')}
          </Tag>
        ) : null}
      </div>
      {tpl.description ? <p className="ys-stacks__desc">{tpl.description}</p> : null}
      <p className="ys-stacks__chips">
        {counts.map(([k, n]) => (
          <span key={k} className={`ys-stacks__kind ys-stacks__kind--${k}`}>
            {kindName(k)} × {n}
          </span>
        ))}
      </p>
      <p className="ys-stacks__muted">
        {t('templates.updated_at')} {when(tpl.updated_at)}
      </p>
      <div className="ys-stacks__cardactions">
        <Button size="small" color="primary" onClick={() => navigate(PATHS.deploy(tpl.id))} data-testid="template-deploy-action">
          {t('templates.deploy')}
        </Button>
        <Button size="small" onClick={() => navigate(PATHS.editor(tpl.id))}>
          {tpl.builtin ? t('templates.view') : t('templates.edit')}
        </Button>
        {tpl.builtin ? null : (
          <Button
            size="small"
            color="danger"
            fill="outline"
            loading={remove.isPending}
            onClick={async () => {
              if (
                await Dialog.confirm({
                  content: t('templates.delete_confirm', { name: tpl.name }),
                  confirmText: t('templates.delete'),
                  cancelText: t('cancel'),
                })
              )
                remove.mutate();
            }}
          >
            {t('templates.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}

export default function TemplateListPage() {
  const { t } = useTranslation('stacks');
  const navigate = useNavigate();
  const q = useQuery({ queryKey: stackKeys.templates(), queryFn: listTemplates });
  const rows = q.data?.data ?? [];
  return (
    <StacksFrame
      page="visualTemplateManage"
      title={t('title.templates')}
      tab="templates"
      intro={t('intro.templates')}
      toolbar={
        <Button color="primary" onClick={() => navigate(PATHS.editor())} data-testid="template-new">
          {t('templates.new')}
        </Button>
      }
    >
      <TaskListState
        loading={q.isPending}
        failed={q.isError}
        empty={rows.length === 0}
        loadingText={t('templates.loading')}
        failedText={t('templates.failed')}
        emptyText={t('templates.empty')}
      />
      {rows.length ? (
        <ul className="ys-stacks__cards">
          {rows.map((tpl) => (
            <TemplateCard key={tpl.id} tpl={tpl} />
          ))}
        </ul>
      ) : null}
    </StacksFrame>
  );
}
