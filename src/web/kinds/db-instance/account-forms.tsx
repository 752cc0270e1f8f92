// The forms of an instance's accounts: a new account (name, password twice, privilege, databases,
// remark), a privilege change and a password reset. Each field checks the seed's rules as the
// server does (db-accounts.rules.ts) and says what is wrong in the user's language; the server's
// refusal, if any, shows above the buttons. The document and cache databases (ADR 0076) take their
// engine's privileges and type their databases (MongoDB) or key prefixes (Redis) in one field.
import { useState } from 'react';
import { Button, Checkbox, Form, Input, Selector, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_SCOPES_MAX,
  dbAccountNameMax,
  dbDatabaseNameMax,
  dbPrivileges,
  type AccountPrivilege,
} from '../../../domain/kinds/db-instance/db-accounts.rules.ts';
import { accountNameProblem, passwordProblem, scopesProblem, splitScopes, type DbAccount, type DbDatabase } from './accounts-api.ts';
import { failureText } from './admin-frame.tsx';

type T = ReturnType<typeof useTranslation>['t'];
const rule = (t: T, key: string | null, params: Record<string, unknown> = {}) =>
  key ? Promise.reject(new Error(t(`kinds:db_instance.accounts.rules.${key}`, params))) : Promise.resolve();

/** Engines whose accounts the cloud keeps: their databases or key prefixes are typed, not picked. */
const typed = (engine: string) => engine === 'mongodb' || engine === 'redis';

export function PrivilegeField({ t, engine }: { t: T; engine: string }) {
  // an engine's own wording of a privilege (MongoDB's roles, Redis' ACL), else the SQL engines'
  const hint = (p: string) =>
    t(`kinds:db_instance.accounts.privilege_hints.${engine}_${p}`, { defaultValue: t(`kinds:db_instance.accounts.privilege_hints.${p}`) });
  return (
    <Form.Item
      name="privilege"
      label={t('kinds:db_instance.accounts.privilege')}
      rules={[{ required: true, message: t('kinds:db_instance.accounts.rules.privilege') }]}
    >
      <Selector
        columns={2}
        options={dbPrivileges(engine).map((p) => ({
          value: p,
          label: t(`kinds:db_instance.accounts.privileges.${p}`),
          description: hint(p),
        }))}
      />
    </Form.Item>
  );
}

export function DatabasesField({ t, databases }: { t: T; databases: readonly DbDatabase[] }) {
  return (
    <Form.Item
      name="databases"
      label={t('kinds:db_instance.accounts.databases')}
      required
      rules={[{ validator: (_r, v: string[] | undefined) => rule(t, v?.length ? null : 'databases') }]}
    >
      <Checkbox.Group>
        <div className="ys-dba__checks">
          {databases.map((d) => (
            <Checkbox key={d.name} value={d.name} className="ys-dba__check">
              {d.name}
              {d.default ? <span className="ys-dba__tag">{t('kinds:db_instance.databases.default')}</span> : null}
            </Checkbox>
          ))}
        </div>
      </Checkbox.Group>
    </Form.Item>
  );
}

/** MongoDB's database names or Redis' key prefixes, typed in one field (commas, spaces or new lines between). */
export function ScopesField({ t, engine }: { t: T; engine: string }) {
  const key = engine === 'redis' ? 'keys' : 'databases';
  return (
    <Form.Item
      name="scopes"
      label={t(`kinds:db_instance.accounts.${key}`)}
      required
      description={t(`kinds:db_instance.accounts.${key}_help`)}
      rules={[
        {
          validator: (_r, v: string | undefined) => {
            const problem = scopesProblem(engine, v ?? '');
            return rule(t, problem?.rule ?? null, { max: dbDatabaseNameMax(engine), item: problem?.item, count: ACCOUNT_SCOPES_MAX });
          },
        },
      ]}
    >
      <TextArea rows={2} autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t(`kinds:db_instance.accounts.${key}_placeholder`)} data-testid="account-scopes" />
    </Form.Item>
  );
}

/** The databases field of the engine: picked from the instance's list, or typed. */
function ScopeOrDatabases({ t, engine, databases }: { t: T; engine: string; databases: readonly DbDatabase[] }) {
  return typed(engine) ? <ScopesField t={t} engine={engine} /> : <DatabasesField t={t} databases={databases} />;
}

/** The form's values with the typed databases or key prefixes as the list the server takes. */
function withScopes<V extends { databases?: string[] }>(engine: string, v: V & { scopes?: string }): V {
  if (!typed(engine)) return v;
  const { scopes, ...rest } = v;
  return { ...rest, databases: splitScopes(scopes ?? '') } as unknown as V;
}

function PasswordFields({ t, form, nameOf }: { t: T; form: ReturnType<typeof Form.useForm>[0]; nameOf: () => string }) {
  return (
    <>
      <Form.Item
        name="password"
        label={t('kinds:db_instance.accounts.password')}
        required
        description={t('kinds:db_instance.accounts.password_help')}
        rules={[{ validator: (_r, v: string | undefined) => rule(t, passwordProblem(v ?? '', nameOf())) }]}
      >
        <Input type="password" autoComplete="new-password" placeholder={t('kinds:db_instance.accounts.password_placeholder')} data-testid="account-password" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('kinds:db_instance.accounts.confirm_password')}
        required
        dependencies={['password']}
        rules={[{ validator: (_r, v: string | undefined) => rule(t, !v ? 'required' : v !== form.getFieldValue('password') ? 'password_mismatch' : null) }]}
      >
        <Input type="password" autoComplete="new-password" placeholder={t('kinds:db_instance.accounts.confirm_placeholder')} data-testid="account-confirm" />
      </Form.Item>
    </>
  );
}

interface FormProps<V> {
  onSubmit: (values: V) => Promise<unknown>;
  onCancel: () => void;
}

function Footer({ t, failure, busy, onCancel, testId }: { t: T; failure: string | null; busy: boolean; onCancel: () => void; testId: string }) {
  return (
    <>
      {failure ? (
        <div className="ys-dba__failure" role="alert" data-testid="dbadmin-failure">
          {failure}
        </div>
      ) : null}
      <div className="ys-dba__formbtns">
        <Button onClick={onCancel}>{t('kinds:db_instance.admin.cancel')}</Button>
        <Button color="primary" type="submit" loading={busy} data-testid={testId}>
          {t('kinds:db_instance.admin.submit')}
        </Button>
      </div>
    </>
  );
}

/** Runs a submit, keeping its refusal for the footer. */
function useSubmit<V>(t: T, onSubmit: (v: V) => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (v: V) => {
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(v);
    } catch (e) {
      setFailure(failureText(e, t('kinds:db_instance.admin.failed')));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, submit };
}

export interface NewAccount {
  name: string;
  password: string;
  confirm_password: string;
  privilege: AccountPrivilege[];
  databases: string[];
  description?: string;
}

export function AccountCreateForm(props: FormProps<NewAccount> & { engine: string; databases: readonly DbDatabase[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { busy, failure, submit } = useSubmit(t, props.onSubmit);
  const max = dbAccountNameMax(props.engine);
  return (
    <Form
      form={form}
      layout="vertical"
      className="ys-dba__form"
      initialValues={{
        privilege: ['readonly'],
        databases: props.databases.filter((d) => d.default).map((d) => d.name),
        scopes: props.engine === 'redis' ? '*' : '',
      }}
      onFinish={(v: NewAccount) => submit(withScopes(props.engine, v))}
      footer={<Footer t={t} failure={failure} busy={busy} onCancel={props.onCancel} testId="account-submit" />}
    >
      <Form.Item
        name="name"
        label={t('kinds:db_instance.accounts.name')}
        required
        description={t('kinds:db_instance.accounts.name_help', { max })}
        rules={[{ validator: (_r, v: string | undefined) => rule(t, accountNameProblem(props.engine, (v ?? '').trim()), { max }) }]}
      >
        <Input placeholder={t('kinds:db_instance.accounts.name_placeholder')} autoComplete="off" data-testid="account-name" />
      </Form.Item>
      <PasswordFields t={t} form={form} nameOf={() => String(form.getFieldValue('name') ?? '')} />
      <PrivilegeField t={t} engine={props.engine} />
      <ScopeOrDatabases t={t} engine={props.engine} databases={props.databases} />
      <Form.Item name="description" label={t('kinds:db_instance.accounts.description')}>
        <TextArea maxLength={256} rows={2} placeholder={t('kinds:db_instance.accounts.description_placeholder')} />
      </Form.Item>
    </Form>
  );
}

export function PrivilegeForm(
  props: FormProps<{ privilege: AccountPrivilege[]; databases: string[] }> & { account: DbAccount; databases: readonly DbDatabase[]; engine: string },
) {
  const { t } = useTranslation();
  const { busy, failure, submit } = useSubmit(t, props.onSubmit);
  return (
    <Form
      layout="vertical"
      className="ys-dba__form"
      initialValues={{ privilege: [props.account.privilege], databases: props.account.databases, scopes: props.account.databases.join(', ') }}
      onFinish={(v: { privilege: AccountPrivilege[]; databases: string[] }) => submit(withScopes(props.engine, v))}
      footer={<Footer t={t} failure={failure} busy={busy} onCancel={props.onCancel} testId="privilege-submit" />}
    >
      <PrivilegeField t={t} engine={props.engine} />
      <ScopeOrDatabases t={t} engine={props.engine} databases={props.databases} />
    </Form>
  );
}

export function PasswordForm(props: FormProps<{ password: string; confirm_password: string }> & { account: DbAccount }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { busy, failure, submit } = useSubmit(t, props.onSubmit);
  return (
    <Form
      form={form}
      layout="vertical"
      className="ys-dba__form"
      onFinish={submit}
      footer={<Footer t={t} failure={failure} busy={busy} onCancel={props.onCancel} testId="password-submit" />}
    >
      <PasswordFields t={t} form={form} nameOf={() => props.account.name} />
    </Form>
  );
}
