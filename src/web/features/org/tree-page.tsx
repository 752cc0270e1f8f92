// standardTreeManage: the administrative organisation → tenants → projects, folded per node; greyed
// nodes say why (invalid, no project, no permission: seed 001 §6).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { TreeNode } from '../../../domain/org.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { getTree, useScopeKey } from './api.ts';
import { Bar, Loading, Nothing } from './parts.tsx';
import './org.css';
import { orgKeys } from './query-keys.ts';

function Node({ node, depth }: { node: TreeNode; depth: number }) {
  const { t } = useTranslation('org');
  const [open, setOpen] = useState(depth < 2);
  const has = node.children.length > 0;
  return (
    <li data-testid="tree-node" data-type={node.type} data-grey={node.grey ?? ''}>
      <div className={`ys-org__node${node.grey ? ' ys-org__node--grey' : ''}`} aria-disabled={node.grey ? true : undefined}>
        {has ? (
          <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-label={open ? t('tree.collapse') : t('tree.expand')}>
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span style={{ width: 44, display: 'inline-block' }} aria-hidden="true" />
        )}
        <span className="ys-org__node-name">{node.name ?? t('tree.hidden_tenant')}</span>
        <span className="ys-org__badge">{t(`tree.types.${node.type}`)}</span>
        {node.grey && <span className="ys-org__badge ys-org__grey">{t(`tree.grey.${node.grey}`)}</span>}
        {has && !open && <span className="ys-org__usage">{t('tree.count', { count: node.children.length })}</span>}
      </div>
      {has && open && (
        <ul>
          {node.children.map((c) => (
            <Node key={c.id} node={c} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

export default function TreePage() {
  const { t } = useTranslation('org');
  const scopeKey = useScopeKey();
  const query = useQuery({ queryKey: orgKeys.tree(scopeKey), queryFn: getTree });
  return (
    <PageFrame name="standardTreeManage" className="ys-org">
      <Bar title={t('tree.title')} />
      <div className="ys-org__note">{t('tree.intro')}</div>
      {query.isPending ? (
        <Loading />
      ) : !query.data?.data.length ? (
        <Nothing />
      ) : (
        <div className="ys-org__tree ys-org__card" data-testid="org-tree">
          <ul>
            {query.data.data.map((n) => (
              <Node key={n.id} node={n} depth={0} />
            ))}
          </ul>
        </div>
      )}
    </PageFrame>
  );
}
