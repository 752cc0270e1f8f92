// The sheet of the group detail page: edit the members, or add one role (a project role asks for
// one of the tenant's projects). The page keeps the state, so a reopened sheet shows the last choice.
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Selector } from 'antd-mobile';
import type { ProjectOption, UserRow } from './api.ts';
import { Sheet } from './parts.tsx';

interface Props {
  editing: 'members' | 'roles' | null;
  onClose: () => void;
  users: UserRow[];
  members: string[];
  setMembers: (ids: string[]) => void;
  onSaveMembers: () => void;
  roleChoices: readonly string[];
  role: string;
  setRole: (role: string) => void;
  isProjectRole: boolean;
  projects: ProjectOption[];
  project: string;
  setProject: (id: string) => void;
  onAddRole: () => void;
}

export function GroupEditSheet(p: Props) {
  const { t } = useTranslation('access');
  return (
    <Sheet open={p.editing !== null} onClose={p.onClose}>
      {p.editing === 'members' && (
        <>
          <h3>{t('group.edit_members')}</h3>
          <Checkbox.Group value={p.members} onChange={(v) => p.setMembers(v as string[])}>
            <div className="ys-acc__check">
              {p.users.map((u) => (
                <div key={u.id}>
                  <Checkbox value={u.id} data-testid={`member-${u.account}`}>
                    {u.nickname}（{u.account}）
                  </Checkbox>
                </div>
              ))}
            </div>
          </Checkbox.Group>
          <div className="ys-acc__actions">
            <Button onClick={p.onClose}>{t('group.cancel')}</Button>
            <Button color="primary" onClick={p.onSaveMembers} data-testid="members-save">
              {t('group.save')}
            </Button>
          </div>
        </>
      )}
      {p.editing === 'roles' && (
        <>
          <h3>{t('group.add_role')}</h3>
          <Selector
            columns={2}
            value={[p.role]}
            onChange={(v) => v[0] && p.setRole(v[0])}
            options={p.roleChoices.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
          {p.isProjectRole && (
            <div className="ys-acc__section">
              <h4>{t('user.project')}</h4>
              <Selector
                columns={1}
                value={[p.project || p.projects[0]?.id || '']}
                onChange={(v) => v[0] && p.setProject(v[0])}
                options={p.projects.map((x) => ({ value: x.id, label: x.name }))}
              />
            </div>
          )}
          <div className="ys-acc__actions">
            <Button onClick={p.onClose}>{t('group.cancel')}</Button>
            <Button color="primary" onClick={p.onAddRole} data-testid="role-save">
              {t('group.save')}
            </Button>
          </div>
        </>
      )}
    </Sheet>
  );
}
